import { type ModuleDescriptor, resolver } from '../module';
import { IdpAssignee } from './idp-assignee.entity';
import { IdpAssigneeResolver } from './idp-assignee.resolver';
import { IdpNote } from './idp-note.entity';
import { IdpNoteResolver } from './idp-note.resolver';
import { IdpNoteService } from './idp-note.service';
import { ConnectedTo, IdpTask } from './idp-task.entity';
import { IdpTaskResolver } from './idp-task.resolver';
import { IdpTaskService } from './idp-task.service';
import { Idp } from './idp.entity';
import { IdpResolver } from './idp.resolver';
import { IDP_ROUTES } from './idp.routes';
import { IdpService } from './idp.service';

/** Individual development plans with their tasks, notes and assignees. */
export const idpModule: ModuleDescriptor = {
  name: 'idp',
  entities: [ConnectedTo, Idp, IdpTask, IdpNote, IdpAssignee],
  // The services keep no state: each resolver may have its own.
  resolvers: [
    resolver(IdpResolver, () => new IdpResolver(new IdpService())),
    resolver(IdpTaskResolver, () => new IdpTaskResolver(new IdpTaskService())),
    resolver(IdpNoteResolver, () => new IdpNoteResolver(new IdpNoteService(new IdpTaskService()))),
    resolver(IdpAssigneeResolver, () => new IdpAssigneeResolver()),
  ],
  routes: IDP_ROUTES,
};
