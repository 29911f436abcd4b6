/** Where the development provider is mounted; its own module so that naming it does not load oidc-provider. */
export const DEV_IDP_PREFIX = '/dev-idp';
