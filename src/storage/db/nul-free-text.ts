import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const NUL = '\u0000';
const REPLACEMENT = '\uFFFD';

/** A value as PostgreSQL can store it: U+0000 in text replaced (see NulFreeTextPlugin). */
export const withoutNul = <T>(value: T): T =>
  typeof value === 'string' && value.includes(NUL) ? (value.replaceAll(NUL, REPLACEMENT) as T) : value;

class NulReplacer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = withoutNul(node.value);
    return value === node.value ? node : { ...node, value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return node.values.some((v) => withoutNul(v) !== v) ? { ...node, values: node.values.map(withoutNul) } : node;
  }
}

/**
 * PostgreSQL text cannot hold U+0000, which SQLite stores like any character: a query carrying one would
 * fail as a whole. This gives PostgreSQL U+FFFD (the replacement character) in its place, in every value
 * a query sends, so such text is stored and looked up like any other instead of failing with a 500.
 */
export class NulFreeTextPlugin implements KyselyPlugin {
  private readonly replacer = new NulReplacer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.replacer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
