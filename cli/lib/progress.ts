// A one-line progress bar (count, rate, ETA) on stderr, redrawn at most every 100 ms; only when stderr is a
// terminal, so pipes, files and CI logs stay silent.
import * as ja from '#src/i18n/ja';

export interface Progress {
  tick(rows: number): void;
  done(): void;
}

const silent: Progress = { tick() {}, done() {} };

export function progressBar(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return silent;
  const started = Date.now();
  let done = 0;
  let drawn = 0;
  const width = 24;
  const draw = () => {
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? Math.max(0, (total - done) / rate) : null;
    const filled = total > 0 ? Math.min(width, Math.round((done / total) * width)) : width;
    stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${ja.cli.progress(done, total, rate, eta)}\x1b[K`);
    drawn = Date.now();
  };
  return {
    tick(rows) {
      done += rows;
      if (Date.now() - drawn >= 100) draw();
    },
    done() {
      draw();
      stream.write('\n');
    },
  };
}
