/**
 * Draws a Vega-Lite spec headless: vega-lite compiles it, vega's View renders it to SVG with no
 * browser, and resvg rasterises the SVG to PNG. The font is a TTF shipped in an npm package and
 * the system's fonts are not loaded, so a chart renders the same on every machine and needs
 * nothing fetched at run time.
 */
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { CHART_FONT } from './charts.js';

const FONT_FILE = createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');

/** PNG pixels per SVG unit: sharp on a high-density screen and in a printed page. */
const PNG_SCALE = 2;

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

export function svgToPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    font: { fontFiles: [FONT_FILE], loadSystemFonts: false, defaultFontFamily: CHART_FONT },
    fitTo: { mode: 'zoom', value: PNG_SCALE },
  });
  return resvg.render().asPng();
}
