import { invalidConfiguration } from '../config-fields.js';
import { type Config, loadConfig } from '../config.js';
import { llamaCppEnv, noLlamaModel } from '../engines/adapters/llama-cpp/settings.js';
import { findPulledModel, localEmbeddingsWith, pulledTextModelPaths } from './pulled-models.js';

/**
 * The configuration the service starts with: the environment's, and where no variable names a model file,
 * the models `atelier models pull` put in the models folder. It reads that folder, so it is called where the
 * service (or `atelier models`) starts, never while the configuration is read.
 */
export function loadStartConfig(env?: NodeJS.ProcessEnv, envFile?: string): Config {
  return withPulledModels(loadConfig(env, envFile));
}

/**
 * With two pulled language models the smaller serves the standard name and the larger the advanced one (the
 * plans that have it); with one, it serves both. A text provider nobody named becomes llama-cpp when there is
 * a model for it. The first whisper model in catalogue order serves transcription, and the first embedding model
 * embeddings when no embedding engine is named.
 */
function withPulledModels(config: Config): Config {
  const pulled = config.llm.modelPath ? undefined : pulledTextModelPaths(config.modelsDir);
  const modelPath = config.llm.modelPath ?? pulled?.modelPath;
  const advancedModelPath = config.llm.advancedModelPath ?? pulled?.advancedModelPath;
  const provider = config.text.providerNamed || !modelPath ? config.text.provider : llamaCppEnv.name;
  if (provider === llamaCppEnv.name && !modelPath) throw invalidConfiguration(noLlamaModel);
  const whisperPath = config.asr.followsPulledModels
    ? findPulledModel(config.modelsDir, 'whisper')
    : config.asr.whisper?.modelPath;
  const whisper = whisperPath
    ? Object.freeze({ modelPath: whisperPath, threads: config.asr.whisperThreads })
    : undefined;
  const embeddingPath = config.embeddingsApi.followsPulledModels
    ? findPulledModel(config.modelsDir, 'embedding')
    : config.localEmbeddings.modelPath;
  return Object.freeze({
    ...config,
    localEmbeddings: Object.freeze(localEmbeddingsWith(config, embeddingPath)),
    llm: Object.freeze({ ...config.llm, modelPath, advancedModelPath }),
    text: Object.freeze({ ...config.text, provider }),
    asr: Object.freeze({ ...config.asr, whisper }),
  });
}
