import { LIMITS } from '@bo/contract';
import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from 'react';
import { ChunkErrorPanel } from './ChunkErrorPanel';
import { classifyChunkError, withTimeout } from './chunk-error';
import { markOnce } from './interactive';
import { ScreenSkeleton } from './ScreenSkeleton';

export type ScreenLoader = () => Promise<{ default: ComponentType }>;

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Import failures are tagged when they happen, so the boundary never swallows a bug. */
const importFailures = new WeakSet<Error>();

/**
 * Shows the chunk panel for a failed import. Anything else (a bug in the screen) is
 * thrown on, to the router's error page, so a real error is never hidden as "retry".
 */
class ChunkBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(err: unknown): { error: Error } {
    return { error: err instanceof Error ? err : new Error(String(err)) };
  }

  override render() {
    const { error } = this.state;
    if (error && importFailures.has(error)) {
      return <ChunkErrorPanel kind={classifyChunkError(error)} onRetry={this.props.onRetry} />;
    }
    if (error) throw error;
    return this.props.children;
  }
}

function importScreen(load: ScreenLoader): Promise<{ default: ComponentType }> {
  return withTimeout(load(), LIMITS.SCREEN_LOAD_TIMEOUT_MS).catch((err: unknown) => {
    const error = err instanceof Error ? err : new Error(String(err));
    importFailures.add(error);
    throw error;
  });
}

/** One React.lazy per loader; a retry replaces it, since React keeps a rejected one for good. */
const lazyScreens = new Map<ScreenLoader, LazyExoticComponent<ComponentType>>();
function lazyFor(load: ScreenLoader, fresh = false): LazyExoticComponent<ComponentType> {
  let screen = lazyScreens.get(load);
  if (!screen || fresh) {
    screen = lazy(() => importScreen(load));
    lazyScreens.set(load, screen);
  }
  return screen;
}

function Rendered() {
  useEffect(() => markOnce('app-interactive'), []);
  return null;
}

interface LazyScreenProps {
  /** A module-level `() => import('./Page')`, so that its identity is stable. */
  load: ScreenLoader;
  fallback?: ReactNode;
  /** A screen (not a frame such as the layout) marks 'app-interactive' when it first renders. */
  marksInteractive?: boolean;
}

/**
 * A screen loaded on first use, with the 120 s screen-load limit of spec §9. A failed
 * load (code or stylesheet) shows a panel whose Retry imports the chunk again.
 */
export function LazyScreen({ load, fallback = <ScreenSkeleton />, marksInteractive = true }: LazyScreenProps) {
  const [attempt, setAttempt] = useState(0);
  const Screen = lazyFor(load);
  const retry = () => {
    lazyFor(load, true);
    setAttempt((n) => n + 1);
  };
  return (
    <ChunkBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={fallback}>
        <Screen />
        {marksInteractive && <Rendered />}
      </Suspense>
    </ChunkBoundary>
  );
}
