import { type Provider, offline } from '../../providers/provider.js';
import { BuiltinImageModel } from './builtin-image-model.js';
import { BuiltinFilterEditor } from './image-filters.js';
import { BuiltinSegmentationEditor } from './segmentation-editor.js';
import { BuiltinTextModel } from './builtin-text-model.js';
import { builtinEnv } from './settings.js';

/** Offline and deterministic: the text and image engines that always work. */
export const builtinProvider: Provider = {
  name: builtinEnv.name,
  text: {
    models: () => ({ standard: new BuiltinTextModel(), advanced: new BuiltinTextModel() }),
    readiness: () => [offline(builtinEnv.name)],
  },
  image: {
    engine: () => {
      const builtin = new BuiltinImageModel();
      return () => builtin;
    },
    readiness: () => [offline(builtinEnv.name)],
  },
  imageEdit: {
    editor: () => [new BuiltinFilterEditor(), new BuiltinSegmentationEditor()],
    readiness: () => [offline('builtin-filter'), offline('builtin-segmentation')],
  },
};
