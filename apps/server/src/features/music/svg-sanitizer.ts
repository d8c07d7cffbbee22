import { Parser } from 'htmlparser2';

/** Drawing elements an artwork may use; anything else is dropped with its content. */
const ALLOWED_ELEMENTS = new Set(
  [
    'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
    'text', 'tspan', 'textPath', 'lineargradient', 'radialgradient', 'stop', 'clippath', 'mask', 'pattern', 'marker', 'filter',
    'feblend', 'fecolormatrix', 'fecomposite', 'fedropshadow', 'feflood', 'fegaussianblur', 'femerge', 'femergenode',
    'feoffset', 'feturbulence', 'fedisplacementmap', 'fecomponenttransfer', 'fefuncr', 'fefuncg', 'fefuncb', 'fefunca',
  ].map((name) => name.toLowerCase()),
);

/** Elements that run script or embed documents: an SVG holding one is refused outright. */
const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);

/** Presentation and geometry attributes; anything else is dropped. */
const ALLOWED_ATTRIBUTES = new Set(
  [
    'xmlns', 'xmlns:xlink', 'version', 'id', 'class', 'style', 'viewbox', 'preserveaspectratio', 'width', 'height', 'x', 'y',
    'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'd', 'points', 'transform', 'pathlength', 'fill',
    'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-opacity',
    'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit', 'opacity', 'color', 'display', 'visibility',
    'vector-effect', 'shape-rendering', 'offset', 'stop-color', 'stop-opacity', 'gradientunits', 'gradienttransform',
    'spreadmethod', 'clip-path', 'clip-rule', 'clippathunits', 'mask', 'maskunits', 'maskcontentunits', 'filter',
    'filterunits', 'primitiveunits', 'patternunits', 'patterncontentunits', 'patterntransform', 'markerwidth',
    'markerheight', 'refx', 'refy', 'orient', 'markerunits', 'font-family', 'font-size', 'font-weight', 'font-style',
    'text-anchor', 'dominant-baseline', 'alignment-baseline', 'letter-spacing', 'word-spacing', 'textlength',
    'lengthadjust', 'dx', 'dy', 'rotate', 'in', 'in2', 'result', 'mode', 'values', 'type', 'stddeviation', 'flood-color',
    'flood-opacity', 'operator', 'k1', 'k2', 'k3', 'k4', 'basefrequency', 'numoctaves', 'seed', 'scale',
    'xchannelselector', 'ychannelselector', 'tablevalues', 'slope', 'intercept', 'amplitude', 'exponent', 'href',
    'xlink:href', 'startoffset',
  ],
);

export class UnsafeSvgError extends Error {
  override name = 'UnsafeSvgError';
}

/** Whitespace and control characters removed, lower case: how a browser reads a URL scheme. */
function squeezed(value: string): string {
  // eslint-disable-next-line no-control-regex -- browsers ignore these inside a scheme, so the check must too
  return value.replace(/[\s\u0000-\u001F]+/g, '').toLowerCase();
}

/** Refuses values that could run script; says whether a harmless attribute may stay. */
function keepAttribute(name: string, value: string): boolean {
  const lowerName = name.toLowerCase();
  const plain = squeezed(value);
  if (lowerName.startsWith('on')) throw new UnsafeSvgError(`event handler ${name}`);
  if (/(java|vb)script:|data:|&#|&[a-z]+;/.test(plain)) throw new UnsafeSvgError(`script or encoded URL in ${name}`);
  if (!ALLOWED_ATTRIBUTES.has(lowerName)) return false;
  if (lowerName === 'href' || lowerName === 'xlink:href') return plain.startsWith('#');
  const urls = plain.match(/url\(([^)]*)\)/g) ?? [];
  if (urls.some((url) => !/^url\(['"]?#/.test(url))) return false;
  return !(lowerName === 'style' && /@import|expression\(|behavior:|-moz-binding/.test(plain));
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

/**
 * Parses an SVG and writes it again from an allow-list of drawing elements and attributes: no script, event handler,
 * foreign content, external reference, DOCTYPE or entity survives (entity-encoded `javascript:` included). An SVG that
 * tried to run script is refused (UnsafeSvgError) rather than cleaned.
 */
export function sanitizeSvg(source: string): string {
  const output: string[] = [];
  /** Depth inside a dropped element: its whole content goes too. */
  let droppedDepth = 0;
  let sawRoot = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const lowerName = name.toLowerCase();
        if (FORBIDDEN_ELEMENTS.has(lowerName)) throw new UnsafeSvgError(`element ${name}`);
        if (!sawRoot && lowerName !== 'svg') throw new UnsafeSvgError('the root element is not <svg>');
        sawRoot = true;
        const kept = Object.entries(attributes).filter(([attribute, value]) => keepAttribute(attribute, value));
        if (droppedDepth > 0 || !ALLOWED_ELEMENTS.has(lowerName)) {
          droppedDepth += 1;
          return;
        }
        output.push(`<${name}${kept.map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`).join('')}>`);
      },
      onclosetag(name) {
        if (droppedDepth > 0) droppedDepth -= 1;
        else output.push(`</${name}>`);
      },
      ontext(text) {
        if (droppedDepth === 0 && sawRoot) output.push(escapeText(text));
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.end(source);
  if (!sawRoot) throw new UnsafeSvgError('no <svg> element');
  return output.join('');
}
