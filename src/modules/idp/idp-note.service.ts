import { isOrgAdmin } from '../../auth/access';
import type { Context } from '../../auth/context';
import { forbidden, notFound } from '../../graphql/errors';
import { CONTRIBUTORS_ONLY, canContributeTo, type ReadablePlan, readablePlan, visiblePlan } from './idp-access';
import { planParts } from './idp.loaders';
import type { NoteView } from './idp.read-model';
import { IdpNote } from './idp-note.entity';
import type { IdpTaskService } from './idp-task.service';
import type { NoteInput } from './idp-task.inputs';

/**
 * Notes on a plan (taskId null) or on one of its tasks. Whoever may read the plan reads them; its
 * owner, managers and assignees add them; only the author edits one; the author or an ORG_ADMIN
 * deletes one.
 */
export class IdpNoteService {
  constructor(private readonly tasks: IdpTaskService) {}

  async list(ctx: Context, idpId: string, taskId: string | null): Promise<NoteView[]> {
    const readable = await visiblePlan(ctx, idpId);
    if (taskId) return this.tasks.notes(ctx, await this.tasks.visibleTask(ctx, readable, taskId));
    return (await ctx.loaders.get(planParts).load(readable.plan.id)).notes;
  }

  async add(ctx: Context, idpId: string, taskId: string | null, input: NoteInput): Promise<IdpNote> {
    const readable = await readablePlan(ctx, idpId);
    if (!canContributeTo(readable.caller, readable.access)) throw forbidden(CONTRIBUTORS_ONLY);
    const task = taskId ? await this.tasks.taskOf(ctx, readable, taskId) : null;
    const note = ctx.em.create(IdpNote, {
      organization: readable.plan.organization,
      idp: readable.plan,
      task,
      note: input.note,
      author: readable.caller.actorId,
    });
    await ctx.em.flush();
    return note;
  }

  async update(ctx: Context, idpId: string, taskId: string | null, noteId: string, input: NoteInput): Promise<IdpNote> {
    const { readable, note } = await this.noteOf(ctx, idpId, taskId, noteId);
    if (note.author !== readable.caller.actorId) throw forbidden('only the author may edit a note');
    note.note = input.note;
    await ctx.em.flush();
    return note;
  }

  async delete(ctx: Context, idpId: string, taskId: string | null, noteId: string): Promise<boolean> {
    const { readable, note } = await this.noteOf(ctx, idpId, taskId, noteId);
    const { caller, plan } = readable;
    if (note.author !== caller.actorId && !isOrgAdmin(caller, plan.organization.id))
      throw forbidden('only the author or an ORG_ADMIN may delete a note');
    await ctx.em.remove(note).flush();
    return true;
  }

  private async noteOf(
    ctx: Context,
    idpId: string,
    taskId: string | null,
    noteId: string,
  ): Promise<{ readable: ReadablePlan; note: IdpNote }> {
    const readable = await readablePlan(ctx, idpId);
    const note = await ctx.em.findOne(IdpNote, { id: noteId, idp: readable.plan.id, task: taskId });
    if (!note) throw notFound('note');
    return { readable, note };
  }
}
