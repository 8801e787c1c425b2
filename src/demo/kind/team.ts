/** The namespace of the demo's restricted learner, and the ServiceAccount it authenticates as. */
export const restrictedNamespace = 'team';
export const restrictedServiceAccount = 'dev';
