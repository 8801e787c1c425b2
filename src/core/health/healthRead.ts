import { openAnatomySession, type SnapshotOptions } from '../anatomy/snapshot';
import { type ControlPlaneHealthReport, gatherControlPlaneHealth } from './report';

/** The control plane's health read once on one context: what `cluster-anatomy health` reports. */
export async function readControlPlaneHealth(options: SnapshotOptions): Promise<ControlPlaneHealthReport> {
  const { session, anatomy } = await openAnatomySession(options);
  try {
    const clientCertificate = session.reader.clientCertificateSource();
    return await gatherControlPlaneHealth({ session, anatomy, ...(clientCertificate && { clientCertificate }) });
  } finally {
    session.dispose();
  }
}
