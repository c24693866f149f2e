// https://vike.dev/Layout — the brand portal's frame (its own header and navigation).
import type { ReactNode } from 'react';
import { BrandLayout } from '#src/components/brand/BrandLayout';

export default function Layout({ children }: { children: ReactNode }) {
  return <BrandLayout>{children}</BrandLayout>;
}
