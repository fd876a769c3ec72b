import { type ModuleDescriptor, resolver } from '../module';
import { AccountDirectoryService } from './account-directory.service';
import { AccountPreference } from './account-preference.entity';
import { Account } from './account.entity';
import { AccountResolver } from './account.resolver';
import { ACCOUNT_ROUTES } from './account.routes';
import { Grant } from './grant.entity';

/** Accounts (people who sign in), their grants of roles in organizations, and their preferences. */
export const accountModule: ModuleDescriptor = {
  name: 'account',
  entities: [Account, AccountPreference, Grant],
  resolvers: [resolver(AccountResolver, ({ accounts }) => new AccountResolver(new AccountDirectoryService(accounts)))],
  routes: ACCOUNT_ROUTES,
};
