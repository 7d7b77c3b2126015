// The graph versions a thread can quote on, by version number: the newest few are kept, and a task for a
// version that has not arrived yet waits for it.
import { GraphView } from '../graph/graphView.ts';
import { coreEdges } from '../routing/coreEdges.ts';
import { warmChains } from '../routing/split/flow/chainIndex.ts';
import { warmCurveTables } from '../routing/split/flow/curveTable.ts';
import type { GraphPublication } from './graphChannel.ts';

/** Older versions stay readable briefly so tasks queued before a publication still find theirs. */
export const VERSIONS_KEPT = 3;
const ARRIVAL_TIMEOUT_MS = 5_000;

export class GraphVersions {
  private readonly views = new Map<number, GraphView>();
  private readonly waiters = new Map<number, ((view: GraphView) => void)[]>();

  /** Makes `publication` readable; returns its view. */
  add(publication: GraphPublication): GraphView {
    const known = this.views.get(publication.version);
    if (known) return known;
    const view = new GraphView(publication.buffer);
    // The split search's pool curves, the deepest tokens' chains and the path search's pools among them, found before
    // the version serves quotes rather than inside the first ones.
    warmCurveTables(view);
    warmChains(view);
    coreEdges(view);
    this.views.set(publication.version, view);
    for (const version of [...this.views.keys()].sort((a, b) => b - a).slice(VERSIONS_KEPT)) this.views.delete(version);
    for (const resolve of this.waiters.get(publication.version) ?? []) resolve(view);
    this.waiters.delete(publication.version);
    return view;
  }

  /** The view of `version`, now or when it arrives. */
  get(version: number): GraphView | Promise<GraphView> {
    const view = this.views.get(version);
    if (view) return view;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Graph version ${version} never arrived`)), ARRIVAL_TIMEOUT_MS);
      const list = this.waiters.get(version) ?? [];
      list.push((v) => {
        clearTimeout(timer);
        resolve(v);
      });
      this.waiters.set(version, list);
    });
  }
}
