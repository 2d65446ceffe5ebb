import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import { businessPresets } from './business.js';
import { contentPresets } from './content.js';
import { educationPresets } from './education.js';
import { hrPresets } from './hr.js';
import { marketingPresets } from './marketing.js';
import { otherPresets } from './other.js';
import { projectManagementPresets } from './project-management.js';
import { resumePresets } from './resume.js';
import { socialMediaPresets } from './social-media.js';
import { toolsPresets } from './tools.js';

/** Every preset, grouped by the category file of its first category, in CATEGORIES order. */
export const PRESETS: readonly PresetDefinition[] = Object.freeze([
  ...socialMediaPresets,
  ...contentPresets,
  ...businessPresets,
  ...hrPresets,
  ...marketingPresets,
  ...resumePresets,
  ...educationPresets,
  ...projectManagementPresets,
  ...toolsPresets,
  ...otherPresets,
]);
