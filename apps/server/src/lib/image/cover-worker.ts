import { parentPort, workerData } from 'node:worker_threads';
import { encodePng } from './png-encoder.ts';
import { rasterizeSvg } from './svg-raster.ts';
import type { CoverDrawing } from './draw-cover.ts';

/** Body of a one-shot thread: draws one SVG to a PNG, so a large or hostile drawing costs this thread, not the server. */
const { svg, size } = workerData as CoverDrawing;
parentPort?.postMessage(encodePng(size, size, rasterizeSvg(svg, size)));
