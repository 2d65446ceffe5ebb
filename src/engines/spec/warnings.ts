/**
 * What an engine or a service could not do as asked, typed after the Vercel AI SDK's call warnings
 * (LanguageModelV2CallWarning: `unsupported-setting` with `setting` and `details`, `unsupported-tool`,
 * `other` with `message`). Warnings stay typed from the engine to the record; `warningText`
 * (engines/spec/warning-text.ts) is the one place that turns them into the strings the API returns and stores.
 */
export type Warning =
  /** A setting of the request was not used. */
  | ({ type: 'unsupported-setting'; setting: string } & Said)
  /** A setting was honoured another way than asked (a nearest size, a cut, a stand-in voice...). */
  | ({ type: 'adjusted-setting'; setting: string } & Said)
  /** A tool's definition is not fully honoured (a constraint of its parameters, ...). */
  | { type: 'unsupported-tool'; tool: string; message: string }
  /** A warning of one part of the work (a video's keyframe...), shown under that part's name. */
  | { type: 'from-part'; part: string; warning: Warning }
  | { type: 'other'; message: string };

/**
 * As the SDK's `details`: the words after "<setting>: "; or `message`, a whole sentence that names
 * the setting its own way.
 */
type Said = { details: string; message?: undefined } | { message: string; details?: undefined };
