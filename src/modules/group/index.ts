import { type ModuleDescriptor, resolver } from '../module';
import { GroupMember } from './group-member.entity';
import { Group } from './group.entity';
import { GroupResolver } from './group.resolver';
import { GROUP_ROUTES } from './group.routes';
import { GroupService } from './group.service';

/** Groups of employees. */
export const groupModule: ModuleDescriptor = {
  name: 'group',
  entities: [Group, GroupMember],
  resolvers: [resolver(GroupResolver, () => new GroupResolver(new GroupService()))],
  routes: GROUP_ROUTES,
};
