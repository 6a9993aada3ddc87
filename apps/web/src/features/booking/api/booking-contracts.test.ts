import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const feature = path.resolve(__dirname, '..');
const sources = (fs.readdirSync(feature, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !/\.(test|fixture)\.tsx?$/.test(file))
  // Find my booking is a chunk of its own (app/router.tsx): it reads the contracts at once.
  .filter((file) => !file.endsWith('find-booking.tsx'));

describe("the booking page's code leaves the contracts (zod and the schemas) to booking-contracts.ts", () => {
  it('imports only types from @kwenda/contracts itself: any value would build the schemas before the page hydrates', () => {
    const valueImports = sources.filter((file) =>
      /^import (?!type )[^;]*from '@kwenda\/contracts';/m.test(fs.readFileSync(path.join(feature, file), 'utf8')),
    );
    expect(valueImports).toEqual([]);
    expect(sources).toContain(path.join('components', 'booking-view.tsx'));
  });
});
