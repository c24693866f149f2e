// `npm run seed:image-variants`: (re)makes the WebP variants of the demo images in seeds/images/variants with the
// same code as an upload (src/modules/uploads/image-variants.ts), so the demo seed reads them instead of encoding
// ~100 images at every first boot. Run it after adding or changing a file in seeds/images.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareFile } from '#src/modules/uploads/uploads.store';
import { makeVariants } from '#src/modules/uploads/image-variants';
import { IMAGE_VARIANT_WIDTHS } from '#src/modules/uploads/uploads.schemas';
import { VARIANT_DIR } from '#seeds/DatabaseSeeder';

const IMAGE_DIR = path.dirname(VARIANT_DIR);
mkdirSync(VARIANT_DIR, { recursive: true });
let count = 0;
for (const name of readdirSync(IMAGE_DIR).filter((n) => /\.(jpe?g|png)$/i.test(n))) {
  const variants = await makeVariants(prepareFile(readFileSync(path.join(IMAGE_DIR, name))));
  const stem = name.replace(/\.[^.]+$/, '');
  for (const [i, variant] of variants.entries()) {
    writeFileSync(path.join(VARIANT_DIR, `${stem}-${IMAGE_VARIANT_WIDTHS[i]}w.webp`), variant.data);
  }
  count += variants.length;
}
console.log(`${count} variants in ${VARIANT_DIR}`);
