import type { GbnfJsonSchema, Llama, LlamaGrammar } from 'node-llama-cpp';
import { EngineRequestError } from '../../../shared/errors.js';
import type { ResponseFormat } from '../../spec/text-model.js';
import { toGrammarSchema } from './grammar-schema.js';
import type { ToolPlan } from './llama-tools.js';
import type { Warning } from '../../spec/warnings.js';

export interface PreparedGrammar {
  grammar: LlamaGrammar;
  warnings: Warning[];
}

/** Grammars built from JSON schemas kept per engine: building one costs more than a short generation. */
const GRAMMAR_CACHE = 32;

/** The grammars of one model's requests (JSON output, forced calls), the last few built kept. */
export class GrammarCache {
  private readonly grammars = new Map<string, Promise<PreparedGrammar>>();

  constructor(private readonly llama: Llama) {}

  /** The grammar of a response format: any JSON object, or one that follows its schema. */
  forFormat(format: ResponseFormat): Promise<PreparedGrammar> {
    const key = format.schema ? `schema:${JSON.stringify(format.schema)}` : 'json';
    return this.get(key, () => formatGrammar(this.llama, format));
  }

  /** The grammar of a forced call: `{"name": <an allowed function>, "arguments": <its parameters>}`. */
  forCall(plan: Extract<ToolPlan, { kind: 'forced' }>): Promise<PreparedGrammar> {
    // plan.key already holds every function's parameters: the allowed names complete the schema.
    return this.get(`call:${JSON.stringify(plan.allowed)}:${plan.key}`, () => callGrammar(this.llama, plan));
  }

  private get(key: string, build: () => Promise<PreparedGrammar>): Promise<PreparedGrammar> {
    let prepared = this.grammars.get(key);
    if (!prepared) {
      prepared = build();
      prepared.catch(() => this.grammars.delete(key));
      if (this.grammars.size >= GRAMMAR_CACHE) this.grammars.delete(this.grammars.keys().next().value ?? '');
      this.grammars.set(key, prepared);
    }
    return prepared;
  }
}

async function formatGrammar(llama: Llama, { schema }: ResponseFormat): Promise<PreparedGrammar> {
  if (!schema) return { grammar: await llama.getGrammarFor('json'), warnings: [] };
  const converted = toGrammarSchema(schema);
  try {
    return {
      grammar: await llama.createGrammarForJsonSchema<GbnfJsonSchema>(converted.schema),
      warnings: converted.warnings,
    };
  } catch (error) {
    throw new EngineRequestError('response_format: the JSON schema cannot be turned into a grammar', { cause: error });
  }
}

async function callGrammar(llama: Llama, plan: Extract<ToolPlan, { kind: 'forced' }>): Promise<PreparedGrammar> {
  try {
    return { grammar: await llama.createGrammarForJsonSchema<GbnfJsonSchema>(plan.schema), warnings: [] };
  } catch (error) {
    throw new EngineRequestError(
      `tools: the parameters of ${plan.allowed.join(', ')} cannot be turned into a grammar`,
      {
        cause: error,
      },
    );
  }
}
