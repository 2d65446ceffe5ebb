/** What each `action` asks of an engine that edits by prompt (an edits endpoint, img2img). Pure. */
import { IMAGE_ACTIONS, type ImageAction } from '../spec/image-model.js';

export interface ActionRecipe {
  /** The instruction sent with the client's own words. */
  instruction: (prompt: string) => string;
  /** img2img: how far the picture may move (0 keeps it, 1 ignores it). */
  denoisingStrength: number;
}

const withWords = (lead: string) => (prompt: string) => {
  const words = prompt.trim();
  return words ? `${lead}. ${words}` : lead;
};

/** Both of the hosted style references ask the same of an engine here (SD3 names the hosted model, not the ask). */
const STYLE_REFERENCE: ActionRecipe = {
  instruction: (prompt) =>
    `Make a new picture in the visual style of this picture (palette, medium, brushwork): ${prompt.trim() || 'a new scene'}`,
  denoisingStrength: 0.85,
};

export const ACTION_RECIPES: Record<ImageAction, ActionRecipe> = {
  'Edit Image with AI': { instruction: (prompt) => prompt.trim(), denoisingStrength: 0.6 },
  'Remove Background': {
    instruction: withWords('Remove the background entirely and keep only the main subject, unchanged'),
    denoisingStrength: 0.5,
  },
  'Replace Background': {
    instruction: (prompt) =>
      `Keep the main subject exactly as it is and replace the background with: ${prompt.trim() || 'a plain studio backdrop'}`,
    denoisingStrength: 0.55,
  },
  Colorize: {
    instruction: withWords('Colorize this picture with natural, realistic colours, keeping every detail'),
    denoisingStrength: 0.4,
  },
  Relight: { instruction: withWords('Relight the scene, keeping its content and composition'), denoisingStrength: 0.4 },
  Stylization: { instruction: withWords('Restyle this picture, keeping its composition'), denoisingStrength: 0.65 },
  'Realistic Photos': {
    instruction: withWords('Turn this into a realistic photograph of the same scene, natural light, fine detail'),
    denoisingStrength: 0.55,
  },
  'Sketch to Image': {
    instruction: withWords('Turn this sketch into a finished, detailed, coloured picture following its lines'),
    denoisingStrength: 0.75,
  },
  Ghiblify: {
    instruction: withWords('Redraw this as a hand-painted Studio Ghibli style anime illustration, soft colours'),
    denoisingStrength: 0.65,
  },
  Caricature: {
    instruction: withWords('Draw a caricature of this subject with playfully exaggerated features'),
    denoisingStrength: 0.6,
  },
  'Professional Headshot': {
    instruction: withWords(
      'Make a professional headshot of this person: same face, business attire, soft studio lighting, neutral background',
    ),
    denoisingStrength: 0.5,
  },
  'Hyper Realistic Photos': {
    instruction: withWords(
      'Turn this into a hyper-realistic photograph of the same scene: true-to-life textures, natural light, sharp detail',
    ),
    denoisingStrength: 0.55,
  },
  Muppets: {
    instruction: withWords('Redraw the people in this picture as Muppet-style felt puppets, keeping the scene'),
    denoisingStrength: 0.7,
  },
  Halloween: {
    instruction: withWords('Give this picture a Halloween theme: costumes, pumpkins and spooky autumn night light'),
    denoisingStrength: 0.6,
  },
  'Character Reference': {
    instruction: (prompt) =>
      `Make a new picture with the same character as in this picture (same face, build and outfit): ${prompt.trim() || 'in a new scene'}`,
    denoisingStrength: 0.8,
  },
  'Consistent Character': {
    instruction: (prompt) =>
      `Keep this character exactly consistent (face, hair, clothes) and show them: ${prompt.trim() || 'in a new pose'}`,
    denoisingStrength: 0.75,
  },
  'Style Reference': STYLE_REFERENCE,
  'Style Reference SD3': STYLE_REFERENCE,
  'Find and Replace': {
    instruction: (prompt) =>
      `Find and replace in this picture, changing nothing else: ${prompt.trim() || 'the main object with a similar one'}`,
    denoisingStrength: 0.5,
  },
  'Visualize What Happens Next': {
    instruction: withWords('Show the moment just after this picture: what happens next in the same scene'),
    denoisingStrength: 0.7,
  },
};

/** Actions a segmentation (background removal) engine does. */
export const BACKGROUND_ACTIONS: readonly ImageAction[] = ['Remove Background', 'Replace Background'];

/**
 * Actions the builtin filters do for real with image processing. None of those hosted 1.0.5 added is one: each
 * makes new content (costumes, characters, a scene in a style, what happens next), which only a generative model can.
 */
export const FILTER_ACTIONS: readonly ImageAction[] = ['Colorize', 'Relight', 'Stylization', 'Sketch to Image'];

/** Actions only a generative model can do: no filter or background remover here stands in for them. */
export const GENERATIVE_ACTIONS: readonly ImageAction[] = IMAGE_ACTIONS.filter(
  (action) => !BACKGROUND_ACTIONS.includes(action) && !FILTER_ACTIONS.includes(action),
);
