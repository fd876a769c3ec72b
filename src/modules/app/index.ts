import { type ModuleDescriptor, resolver } from '../module';
import { AppLookupResolver } from './app-lookup.resolver';
import { AppLookupService } from './app-lookup.service';
import { App } from './app.entity';
import { AppResolver } from './app.resolver';
import { APP_ROUTES } from './app.routes';
import { AppService } from './app.service';

/** Integration records: apps with public appData and encrypted secretData. */
export const appModule: ModuleDescriptor = {
  name: 'app',
  entities: [App],
  resolvers: [
    resolver(AppResolver, ({ secrets }) => new AppResolver(new AppService(secrets))),
    resolver(
      AppLookupResolver,
      ({ secrets, rateLimits }) =>
        new AppLookupResolver(new AppLookupService(secrets, rateLimits), new AppService(secrets)),
    ),
  ],
  routes: APP_ROUTES,
};
