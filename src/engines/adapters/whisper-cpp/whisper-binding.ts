import { EngineUnavailableError } from '../../../shared/errors.js';

/**
 * The part of @fugood/whisper.node (1.1.x) used here. The package names `lib/index.d.ts` as its types
 * but ships only the TypeScript sources, which do not compile under this project's settings; so it is
 * imported by a name TypeScript does not resolve, and typed by these declarations (from its binding.ts).
 */
export interface TranscribeResult {
  /** The language's code: the one asked for, or the one detected for `auto`. */
  language?: string;
  result: string;
  /** t0 and t1 in milliseconds. */
  segments: { text: string; t0: number; t1: number }[];
  isAborted: boolean;
}

export interface TranscribeOptions {
  language?: string;
  maxThreads?: number;
  /** whisper.cpp's translate: the text in English whatever the language spoken. */
  translate?: boolean;
}

export interface WhisperContext {
  /** 16-bit mono PCM at 16 kHz. The promise never settles once `stop` is called, nor when whisper.cpp fails. */
  transcribeData(
    audio: ArrayBuffer,
    options?: TranscribeOptions,
  ): { stop: () => Promise<void>; promise: Promise<TranscribeResult> };
  release(): Promise<void>;
}

export interface WhisperBinding {
  initWhisper(options: { filePath: string; useGpu?: boolean }): Promise<WhisperContext>;
  toggleNativeLog(enable: boolean): Promise<void>;
  addNativeLogListener(listener: (level: string, text: string) => void): { remove: () => void };
}

const PACKAGE: string = '@fugood/whisper.node';
let binding: Promise<WhisperBinding> | undefined;

/** The binding's JavaScript, imported on first use (the native library itself loads with the first model). */
export function whisperBinding(): Promise<WhisperBinding> {
  binding ??= import(PACKAGE).then(
    (module: WhisperBinding) => module,
    (error: unknown) => {
      binding = undefined;
      throw new EngineUnavailableError(
        'whisper.cpp is not installed on this server (npm package @fugood/whisper.node)',
        { cause: error },
      );
    },
  );
  return binding;
}
