// The quote request (spec 2.1) as TypeBox schemas, compiled once at load. Field order is the declaration
// order the reference service's deserializer reports missing fields in.
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { PLATFORM_IDS } from '../network/types.ts';

/** How the reference deserializer names each expected type in "invalid type" messages. */
export type SerdeType = 'u64' | 'f64' | 'a string' | 'platform' | 'struct Extra';

interface FieldSpec {
  schema: TSchema;
  serde: SerdeType;
  required: boolean;
}

const optional = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

export const ExtraSchema = Type.Object({
  tokenInPrice: optional(Type.Number()),
  tokenOutPrice: optional(Type.Number()),
  gasPrice: optional(Type.String()),
  gasTokenPrice: optional(Type.Number()),
});

export const QuoteRequestSchema = Type.Object({
  chainId: Type.Integer({ minimum: 0 }),
  platform: Type.Union(PLATFORM_IDS.map((id) => Type.Literal(id))),
  fromToken: Type.String(),
  toToken: Type.String(),
  amountIn: Type.String(),
  slippage: Type.Number(),
  userAddress: optional(Type.String()),
  amountUSD: optional(Type.Number()),
  extra: optional(ExtraSchema),
});

export type RawQuoteRequest = Static<typeof QuoteRequestSchema>;

/** Checks a whole request in one compiled pass (the fast path for well-formed requests). */
export const checkQuoteRequest = TypeCompiler.Compile(QuoteRequestSchema);

export const REQUEST_FIELDS: Record<string, FieldSpec> = {
  chainId: { schema: Type.Integer({ minimum: 0 }), serde: 'u64', required: true },
  platform: { schema: Type.String(), serde: 'platform', required: true },
  fromToken: { schema: Type.String(), serde: 'a string', required: true },
  toToken: { schema: Type.String(), serde: 'a string', required: true },
  amountIn: { schema: Type.String(), serde: 'a string', required: true },
  slippage: { schema: Type.Number(), serde: 'f64', required: true },
  userAddress: { schema: Type.String(), serde: 'a string', required: false },
  amountUSD: { schema: Type.Number(), serde: 'f64', required: false },
  extra: { schema: Type.Object({}), serde: 'struct Extra', required: false },
};

export const EXTRA_FIELDS: Record<string, FieldSpec> = {
  tokenInPrice: { schema: Type.Number(), serde: 'f64', required: false },
  tokenOutPrice: { schema: Type.Number(), serde: 'f64', required: false },
  gasPrice: { schema: Type.String(), serde: 'a string', required: false },
  gasTokenPrice: { schema: Type.Number(), serde: 'f64', required: false },
};

/** Per-field compiled checkers, used only to explain a request that failed the whole-request check. */
export const fieldCheckers = new Map(
  [...Object.entries(REQUEST_FIELDS), ...Object.entries(EXTRA_FIELDS).map(([k, v]) => [`extra.${k}`, v] as const)].map(
    ([name, spec]) => [name, TypeCompiler.Compile(spec.schema)] as const,
  ),
);
