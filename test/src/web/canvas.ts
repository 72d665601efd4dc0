/**
 * Reading the web UI's map canvas back in a browser test: where it draws a map point (the
 * cell-to-pixel transform it publishes in data-transform) and how many of its pixels have a colour.
 * The pixel reads run in the page as strings: this package's TypeScript has no DOM types.
 */
import type { Grid } from '@swarmgate/maps';
import type { Page } from 'playwright-core';

/** Robot blue (mapView.js, #2563eb). */
export const ROBOT_BLUE: readonly number[] = [0x25, 0x63, 0xeb];

/** Where the canvas draws the map point (xM, yM) of `grid`, in CSS pixels. */
export async function screenOf(
  page: Page,
  grid: Pick<Grid, 'originM' | 'cellSizeM' | 'height'>,
  point: { readonly xM: number; readonly yM: number },
): Promise<{ x: number; y: number }> {
  const [scale, offX, offY] = ((await page.locator('canvas#map').getAttribute('data-transform')) ?? '').split(',').map(Number);
  const cx = (point.xM - grid.originM.x) / grid.cellSizeM;
  const cy = grid.height - (point.yM - grid.originM.y) / grid.cellSizeM;
  return { x: cx * scale + offX, y: cy * scale + offY };
}

/** How many pixels of the square of side 2 * half + 1 centred on CSS pixel (x, y) are `rgb`, within `tolerance` a channel. */
export function pixelsNear(page: Page, x: number, y: number, rgb: readonly number[], tolerance: number, half = 3): Promise<number> {
  return page.evaluate(`(() => {
    const canvas = document.getElementById('map');
    const dpr = canvas.width / canvas.clientWidth;
    const side = Math.round((2 * ${half} + 1) * dpr);
    const data = canvas.getContext('2d').getImageData(Math.round((${x} - ${half}) * dpr), Math.round((${y} - ${half}) * dpr), side, side).data;
    let n = 0;
    for (let o = 0; o < data.length; o += 4) if (Math.abs(data[o] - ${rgb[0]}) <= ${tolerance} && Math.abs(data[o + 1] - ${rgb[1]}) <= ${tolerance} && Math.abs(data[o + 2] - ${rgb[2]}) <= ${tolerance}) n++;
    return n;
  })()`) as Promise<number>;
}

/** How many drawn (not transparent) pixels of the whole canvas are `rgb`, within `tolerance` a channel. */
export function countPixels(page: Page, rgb: readonly number[], tolerance: number): Promise<number> {
  return page.evaluate(`(() => {
    const canvas = document.getElementById('map');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let o = 0; o < data.length; o += 4) if (Math.abs(data[o] - ${rgb[0]}) <= ${tolerance} && Math.abs(data[o + 1] - ${rgb[1]}) <= ${tolerance} && Math.abs(data[o + 2] - ${rgb[2]}) <= ${tolerance} && data[o + 3] > 0) n++;
    return n;
  })()`) as Promise<number>;
}
