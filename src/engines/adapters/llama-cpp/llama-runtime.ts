import { access, constants } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Llama, LlamaModel } from 'node-llama-cpp';
import { EngineUnavailableError } from '../../../shared/errors.js';

export type LlamaGpu = false | 'auto' | 'cuda' | 'vulkan';

let bindings: Promise<typeof import('node-llama-cpp')> | undefined;

/** node-llama-cpp itself, imported at first use: loading it costs half a second of start-up that a service
 *  without a local model, and every command-line call, would pay for nothing. */
export function nodeLlamaCpp(): Promise<typeof import('node-llama-cpp')> {
  bindings ??= import('node-llama-cpp');
  return bindings;
}

/** One llama.cpp binding per process (per GPU choice): loading it costs about half a second. */
const llamas = new Map<string, Promise<Llama>>();

export function sharedLlama(gpu: LlamaGpu): Promise<Llama> {
  const key = String(gpu);
  let llama = llamas.get(key);
  if (!llama) {
    // The prebuilt binaries only: never compile llama.cpp at run time. maxThreads 0: each context uses
    // the threads it asks for (by default the machine's cores), not node-llama-cpp's minimum of 4.
    llama = nodeLlamaCpp()
      .then(({ getLlama }) => getLlama({ gpu, build: 'never', maxThreads: 0 }))
      .catch((error: unknown) => {
        llamas.delete(key);
        throw new EngineUnavailableError(`llama.cpp cannot start here (GPU: ${key})`, { cause: error });
      });
    llamas.set(key, llama);
  }
  return llama;
}

interface LoadedModel {
  refs: number;
  model: Promise<LlamaModel>;
}

/** Model files loaded in this process, shared by every engine that uses the same file. */
const models = new Map<string, LoadedModel>();

export interface ModelLease {
  model: LlamaModel;
  /** Gives the model back; the last lease to go unloads it. */
  release(): Promise<void>;
}

/** The model in `path`, loaded once per process however many engines use it. */
export async function leaseModel(llama: Llama, gpu: LlamaGpu, path: string): Promise<ModelLease> {
  const key = `${String(gpu)}:${path}`;
  let entry = models.get(key);
  if (!entry) {
    const loaded: LoadedModel = { refs: 0, model: loadModel(llama, path) };
    // A failed load is forgotten, so the next call tries again (the file may have been fixed meanwhile).
    loaded.model.catch(() => {
      if (models.get(key) === loaded) models.delete(key);
    });
    models.set(key, loaded);
    entry = loaded;
  }
  const lease = entry;
  lease.refs += 1;
  let model: LlamaModel;
  try {
    model = await lease.model;
  } catch (error) {
    lease.refs -= 1;
    throw error;
  }
  let released = false;
  return {
    model,
    async release() {
      if (released) return;
      released = true;
      lease.refs -= 1;
      if (lease.refs > 0) return;
      if (models.get(key) === lease) models.delete(key);
      await model.dispose();
    },
  };
}

async function loadModel(llama: Llama, path: string): Promise<LlamaModel> {
  const name = basename(path);
  try {
    await access(path, constants.R_OK);
  } catch (error) {
    throw new EngineUnavailableError(`the model file ${name} cannot be read`, { cause: error });
  }
  try {
    return await llama.loadModel({ modelPath: path });
  } catch (error) {
    throw new EngineUnavailableError(
      `the model file ${name} could not be loaded: it is not a GGUF model llama.cpp can run`,
      { cause: error },
    );
  }
}
