import { registerEnumType } from 'type-graphql';

/** Where an organization lets its workflows e-mail their results (docs/agent.md, "Where results may be e-mailed"). */
export enum NotificationPolicy {
  OWN_ADDRESSES = 'OWN_ADDRESSES',
  ANY_ADDRESS = 'ANY_ADDRESS',
}
registerEnumType(NotificationPolicy, {
  name: 'NotificationPolicy',
  description: 'Where the organization’s workflows may e-mail their results',
  valuesConfig: {
    OWN_ADDRESSES: {
      description:
        'Only to the addresses of its active accounts (accounts with a grant in it) and to its notificationDomains (the default)',
    },
    ANY_ADDRESS: { description: 'To any address written in a request' },
  },
});
