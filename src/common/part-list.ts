import { ArgsType, Extensions } from 'type-graphql';
import { MAX_PAGE, PageSize } from './connection';

/**
 * The parts of one record answered as a list (a plan's tasks, a task's notes, a record's mappings,
 * a group's members, a manager's reports): `first` bounds each such list, so a query nesting them
 * (reports → manager → reports …) cannot multiply work unseen. The operation's worst case
 * (src/graphql/operation-cost.ts) multiplies each level by its `first`; REST selects them with
 * `first: MAX_PAGE`, so its fixed shapes stay whole up to that many parts of one record.
 */
export const PART_PAGE = 50;

@ArgsType()
export class PartArgs {
  @PageSize(PART_PAGE)
  first?: number;
}

/**
 * PartArgs of a root list of one record's parts (idpNotes), which REST answered whole: MAX_PAGE
 * unless `first` says otherwise.
 */
@ArgsType()
export class AllPartsArgs extends PartArgs {
  @PageSize(MAX_PAGE)
  declare first?: number;
}

/** The most sources an answer cites (guardFields cuts a longer list to it). */
export const MAX_SOURCES = 50;

/** What list field extensions say about how many items a list may hold (read by operation-cost.ts). */
export interface ListExtensions {
  /** The list holds the parts of one record (`PartArgs`): admission weighs it as one level, the worst case by `first`. */
  partList?: boolean;
  /** A list without a page argument, bounded by what writes it (the agent's sources, a delivery's attempts): its largest size. */
  maxItems?: number;
}

/** Marks a field resolver taking PartArgs (see PART_PAGE). */
export const PartList = () => Extensions({ partList: true } satisfies ListExtensions);

/** A list field bounded by what writes it, at most `maxItems` long (the start-up check asks every list for a bound). */
export const ListBound = (maxItems: number) => Extensions({ maxItems } satisfies ListExtensions);

/** The first `first` parts (the argument's default when not given). */
export function firstParts<T>(parts: readonly T[], args: PartArgs): T[] {
  return args.first === undefined ? [...parts] : parts.slice(0, args.first);
}
