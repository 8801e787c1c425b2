import type { FieldEntry } from '../types';
import { apiResourceEntries } from './apiResources';
import { clusterEntries } from './cluster';
import { extensionEntries } from './extensions';
import { finalizerEntries } from './finalizers';
import { metadataEntries } from './metadata';
import { networkingEntries } from './networking';
import { podEntries } from './pod';
import { storageEntries } from './storage';
import { wellKnownEntries } from './wellKnown';
import { workloadEntries } from './workloads';

/** The whole knowledge base: data only; src/core/fields/lookup.ts matches paths against it. */
export const fieldKnowledge: readonly FieldEntry[] = [
  ...metadataEntries,
  ...wellKnownEntries,
  ...finalizerEntries,
  ...podEntries,
  ...workloadEntries,
  ...networkingEntries,
  ...storageEntries,
  ...clusterEntries,
  ...extensionEntries,
  ...apiResourceEntries,
];
