import { ConnectionType } from '../../common/connection';
import { Organization } from './organization.entity';

/**
 * The one connection type of every organization list: the module's own and the look-ups by app
 * (src/modules/app/app-lookup.resolver.ts). A file of its own so that the look-ups need not import
 * OrganizationResolver: that would register its field resolvers before the app module's and so
 * reorder the keys of REST's organization answers (test/rest-shapes.unit.test.ts).
 */
export const OrganizationConnection = ConnectionType(Organization);
