// Pictures with a known subject for Remove Background: shapes (a disc, a rounded box, a star, a bottle) in several
// colours, anti-aliased, on plain, graded and textured backdrops, with sensor-like noise; and the IoU that scores a
// cut-out against the true shape. Shared by bench/remove-background.mjs and the tests.

// The service's seeded generator (mulberry32), from the build (as the benches load the service's code), so every
// run draws the same pictures.
const { mulberry32: random } = /** @type {typeof import('../src/shared/seeded-random.js')} */ (
  await import(new URL('../dist/shared/seeded-random.js', import.meta.url).href)
);

/** Inside tests for shapes centred in a w x h picture; (x, y) in pixels. */
const SHAPES = {
  disc: (w, h) => {
    const r = Math.min(w, h) * 0.3;
    return (x, y) => (x - w / 2) ** 2 + (y - h / 2) ** 2 <= r * r;
  },
  box: (w, h) => {
    const hw = w * 0.28;
    const hh = h * 0.22;
    const r = Math.min(w, h) * 0.06;
    return (x, y) => {
      const dx = Math.max(0, Math.abs(x - w / 2) - (hw - r));
      const dy = Math.max(0, Math.abs(y - h / 2) - (hh - r));
      return dx * dx + dy * dy <= r * r;
    };
  },
  star: (w, h) => {
    const outer = Math.min(w, h) * 0.36;
    const inner = outer * 0.45;
    return (x, y) => {
      const dx = x - w / 2;
      const dy = y - h / 2;
      const angle = Math.atan2(dy, dx) + Math.PI / 2;
      const sector = ((angle % ((2 * Math.PI) / 5)) + (2 * Math.PI) / 5) % ((2 * Math.PI) / 5);
      const t = Math.abs(sector / ((2 * Math.PI) / 5) - 0.5) * 2;
      return Math.hypot(dx, dy) <= inner + (outer - inner) * t;
    };
  },
  // A product-like silhouette that reaches the bottom edge, as a packshot standing on the frame does.
  bottle: (w, h) => {
    const body = w * 0.16;
    const neck = w * 0.06;
    return (x, y) => {
      const dx = Math.abs(x - w / 2);
      if (y > h * 0.45) return dx <= body;
      if (y > h * 0.3) return dx <= neck + (body - neck) * ((y - h * 0.3) / (h * 0.15));
      return y > h * 0.12 && dx <= neck;
    };
  },
};

/** Subject colours: lit from the top left, so the subject itself is shaded. */
const SUBJECTS = {
  red: [200, 40, 40],
  navy: [30, 50, 110],
  green: [40, 150, 70],
  amber: [230, 160, 40],
  // Close to the white and grey backdrops: the hard cases.
  pale: [222, 222, 218],
  ghost: [203, 204, 208],
};

const BACKDROPS = {
  white: { kind: 'plain', at: () => [246, 246, 244] },
  grey: { kind: 'plain', at: () => [200, 202, 205] },
  teal: { kind: 'plain', at: () => [120, 190, 190] },
  'linear gradient': {
    kind: 'graded',
    at: (u, v) => [235 - 60 * v, 235 - 40 * v, 250 - 20 * u],
  },
  'radial gradient': {
    kind: 'graded',
    at: (u, v) => {
      const r = Math.hypot(u - 0.5, v - 0.5);
      return [250 - 90 * r, 245 - 100 * r, 235 - 110 * r];
    },
  },
  'studio sweep': { kind: 'graded', at: (_u, v) => [170 + 70 * v, 175 + 65 * v, 185 + 55 * v] },
  checker: {
    kind: 'textured',
    at: (u, v) => ((Math.floor(u * 12) + Math.floor(v * 12)) % 2 === 0 ? [90, 90, 95] : [210, 205, 200]),
  },
  foliage: { kind: 'textured', at: null },
  stripes: { kind: 'textured', at: (u) => (Math.floor(u * 20) % 2 === 0 ? [60, 110, 60] : [190, 170, 110]) },
};

/** Blotches of many colours at several sizes: a busy, photographic backdrop. */
function foliage(width, height, next) {
  const blobs = Array.from({ length: 140 }, () => ({
    x: next() * width,
    y: next() * height,
    r: (0.02 + next() * 0.08) * Math.min(width, height),
    colour: [40 + next() * 120, 80 + next() * 140, 30 + next() * 90],
  }));
  return (x, y) => {
    let colour = [70, 90, 50];
    for (const blob of blobs) if ((x - blob.x) ** 2 + (y - blob.y) ** 2 <= blob.r ** 2) colour = blob.colour;
    return colour;
  };
}

/**
 * One scene: RGBA pixels (`data`), and `truth`, one byte a pixel (1 where the subject covers at least half of it).
 * Edges are anti-aliased (4x4 samples a pixel); noise of `noise` levels is added to every channel.
 */
export function scene({ shape, subject, backdrop, width = 480, height = 360, noise = 3, seed = 1, shadow = false }) {
  const next = random(seed);
  const inside = SHAPES[shape](width, height);
  // A soft contact shadow: the subject's own shape moved down and right, darkening the backdrop by up to a third.
  const shade = (x, y) => {
    if (!shadow) return 1;
    let covered = 0;
    for (let dy = -6; dy <= 6; dy += 3)
      for (let dx = -6; dx <= 6; dx += 3) if (inside(x - width * 0.04 + dx, y - height * 0.05 + dy)) covered++;
    return 1 - (0.33 * covered) / 25;
  };
  const look = BACKDROPS[backdrop];
  const textured = backdrop === 'foliage' ? foliage(width, height, next) : undefined;
  const base = SUBJECTS[subject];
  const data = new Uint8Array(width * height * 4);
  const truth = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const lit = shade(x, y);
      const back = (textured ? textured(x, y) : look.at(x / (width - 1), y / (height - 1))).map((c) => c * lit);
      let covered = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) if (inside(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) covered++;
      const a = covered / 16;
      const light = 1.15 - 0.3 * ((x / width + y / height) / 2);
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const value = a * Math.min(255, base[c] * light) + (1 - a) * back[c] + (next() - 0.5) * 2 * noise;
        data[i + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
      data[i + 3] = 255;
      truth[y * width + x] = a >= 0.5 ? 1 : 0;
    }
  }
  return { data, truth, width, height, kind: look.kind };
}

/**
 * Every scene of the benchmark: each shape on each backdrop, the four strong colours taken in turn; then the hard
 * cases: subjects close to the backdrop's colour, contact shadows, heavy noise. (The bench also saves each as JPEG.)
 */
export function scenes() {
  const colours = ['red', 'navy', 'green', 'amber'];
  const list = [];
  let n = 0;
  for (const backdrop of Object.keys(BACKDROPS)) {
    for (const shape of Object.keys(SHAPES)) {
      const subject = colours[n % colours.length];
      list.push({ name: `${subject} ${shape} on ${backdrop}`, shape, subject, backdrop, seed: ++n });
    }
  }
  const hard = [
    { shape: 'box', subject: 'pale', backdrop: 'white' },
    { shape: 'star', subject: 'pale', backdrop: 'studio sweep' },
    { shape: 'disc', subject: 'ghost', backdrop: 'grey' },
    { shape: 'disc', subject: 'red', backdrop: 'white', shadow: true },
    { shape: 'bottle', subject: 'navy', backdrop: 'studio sweep', shadow: true },
    { shape: 'star', subject: 'green', backdrop: 'grey', noise: 12 },
    { shape: 'box', subject: 'amber', backdrop: 'radial gradient', noise: 12 },
  ];
  for (const c of hard) {
    const extra = [c.shadow && 'with a shadow', c.noise && `noise ${c.noise}`].filter(Boolean).join(', ');
    list.push({ name: `${c.subject} ${c.shape} on ${c.backdrop}${extra ? `, ${extra}` : ''}`, ...c, seed: ++n });
  }
  return list;
}

/** Intersection over union of the cut-out (alpha at least 128) and the truth. */
export function iou(alpha, truth) {
  let both = 0;
  let either = 0;
  for (let i = 0; i < truth.length; i++) {
    const cut = alpha[i] >= 128 ? 1 : 0;
    both += cut & truth[i];
    either += cut | truth[i];
  }
  return either === 0 ? 1 : both / either;
}
