import { namedRecordFieldsOf } from '../named-records';
import { IdpAssignee } from './idp-assignee.entity';

/** Assignee.employee, group and account: the record an assignee (a view or an entity) names. */
export const IdpAssigneeResolver = namedRecordFieldsOf(IdpAssignee, 'assigned');
