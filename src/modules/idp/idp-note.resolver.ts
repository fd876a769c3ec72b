import { AllPartsArgs, firstParts, PartList } from '../../common/part-list';
import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../auth/context';
import { GraphOnly } from '../../graphql/rest-fields';
import { UUIDScalar } from '../../graphql/scalars';
import { Account } from '../account/account.entity';
import { visibleAccount } from '../account/account-directory.service';
import { IdpNote } from './idp-note.entity';
import type { IdpNoteService } from './idp-note.service';
import type { NoteView } from './idp.read-model';
import { NoteInput } from './idp-task.inputs';

const TASK = { nullable: true, description: 'A task of the plan; omitted: the plan itself' } as const;

/** Notes on a plan, or on one of its tasks when taskId is given. */
@Resolver(() => IdpNote)
export class IdpNoteResolver {
  constructor(private readonly service: IdpNoteService) {}

  @Authorized()
  @Query(() => [IdpNote], { description: 'Oldest first' })
  @PartList()
  idpNotes(
    @Ctx() ctx: Context,
    @Arg('idpId', () => UUIDScalar) idpId: string,
    @Arg('taskId', () => UUIDScalar, TASK) taskId: string | undefined,
    @Args() parts: AllPartsArgs,
  ): Promise<NoteView[]> {
    return this.service.list(ctx, idpId, taskId ?? null).then((all) => firstParts(all, parts));
  }

  @Authorized()
  @Mutation(() => IdpNote, { description: 'The plan’s owner, managers and assignees' })
  addIdpNote(
    @Ctx() ctx: Context,
    @Arg('idpId', () => UUIDScalar) idpId: string,
    @Arg('input', () => NoteInput) input: NoteInput,
    @Arg('taskId', () => UUIDScalar, TASK) taskId?: string,
  ): Promise<IdpNote> {
    return this.service.add(ctx, idpId, taskId ?? null, input);
  }

  @Authorized()
  @Mutation(() => IdpNote, { description: 'The author only' })
  updateIdpNote(
    @Ctx() ctx: Context,
    @Arg('idpId', () => UUIDScalar) idpId: string,
    @Arg('noteId', () => UUIDScalar) noteId: string,
    @Arg('input', () => NoteInput) input: NoteInput,
    @Arg('taskId', () => UUIDScalar, TASK) taskId?: string,
  ): Promise<IdpNote> {
    return this.service.update(ctx, idpId, taskId ?? null, noteId, input);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'The author or an ORG_ADMIN' })
  deleteIdpNote(
    @Ctx() ctx: Context,
    @Arg('idpId', () => UUIDScalar) idpId: string,
    @Arg('noteId', () => UUIDScalar) noteId: string,
    @Arg('taskId', () => UUIDScalar, TASK) taskId?: string,
  ): Promise<boolean> {
    return this.service.delete(ctx, idpId, taskId ?? null, noteId);
  }

  // Named apart from the entity's `author` property (the authorId field), which TypeGraphQL would
  // otherwise resolve with this method. The root is a NoteView (reads) or an IdpNote (changes).
  @FieldResolver(() => Account, {
    name: 'author',
    nullable: true,
    description: 'The author’s account; null for an organization key, or when the caller may not see the account',
  })
  @GraphOnly()
  authorAccount(@Ctx() ctx: Context, @Root() note: { author: string }): Promise<Account | null> {
    return visibleAccount(ctx, note.author);
  }
}
