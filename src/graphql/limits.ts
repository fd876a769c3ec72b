import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export interface OperationLimits {
  /** Deepest nesting of fields an operation may select. */
  maxDepth: number;
  /** Fields an operation may select in all, fragments counted where they are spread. */
  maxFields: number;
}

interface Size {
  depth: number;
  fields: number;
}

/**
 * Depth and number of fields of a selection, fragments expanded (a fragment cycle is another rule's
 * error). Each fragment is measured once per document (`measured`): a fragment spreading the one
 * before it twice, thirty deep, would otherwise be walked 2^30 times, stalling the server on a
 * document of a few hundred bytes.
 */
function measure(
  selection: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  seen: Set<string>,
  measured: Map<string, Size>,
): Size {
  let depth = 0;
  let fields = 0;
  for (const node of selection.selections) {
    let inner: Size = { depth: 0, fields: 0 };
    if (node.kind === Kind.FIELD) {
      inner = node.selectionSet ? measure(node.selectionSet, fragments, seen, measured) : inner;
      inner = { depth: inner.depth + 1, fields: inner.fields + 1 };
    } else if (node.kind === Kind.INLINE_FRAGMENT) {
      inner = measure(node.selectionSet, fragments, seen, measured);
    } else {
      const name = node.name.value;
      const fragment = fragments[name];
      if (!fragment || seen.has(name)) continue;
      const known = measured.get(name);
      inner = known ?? measure(fragment.selectionSet, fragments, new Set([...seen, name]), measured);
      if (!known) measured.set(name, inner);
    }
    depth = Math.max(depth, inner.depth);
    fields += inner.fields;
  }
  return { depth, fields };
}

/**
 * A validation rule refusing operations deeper or wider than the limits, before anything runs:
 * a query nesting plans, tasks and notes without end, or selecting thousands of fields through
 * repeated fragments, costs the server far more than it costs the caller to send.
 */
export function operationLimits(limits: OperationLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
    return {
      OperationDefinition(operation) {
        const { depth, fields } = measure(operation.selectionSet, fragments, new Set(), new Map());
        if (depth > limits.maxDepth) {
          context.reportError(
            new GraphQLError(`query is ${depth} fields deep; the limit is ${limits.maxDepth}`, { nodes: [operation] }),
          );
        }
        if (fields > limits.maxFields) {
          context.reportError(
            new GraphQLError(`query selects ${fields} fields; the limit is ${limits.maxFields}`, {
              nodes: [operation],
            }),
          );
        }
      },
    };
  };
}
