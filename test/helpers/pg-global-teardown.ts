import { stopRecordedCluster } from '../../scripts/pg-cluster';
import { CLUSTER_FILE } from './pg-global-setup';

export default async function teardown(): Promise<void> {
  stopRecordedCluster(CLUSTER_FILE);
}
