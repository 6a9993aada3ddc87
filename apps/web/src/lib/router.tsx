/**
 * The site's router: the declarative part of React Router 7 that the site uses, with the same names
 * and behaviour, in about 2 KB gzipped instead of React Router's 13.5 KB in the home page's script
 * (docs/decisions/0032-in-house-i18n-and-router.md). What it does, as React Router does:
 * - <Routes>/<Route> with nested and pathless layout routes, index routes, `:params` and a trailing
 *   `*`; the best-ranked route wins (a static segment over a parameter over `*`), and descendant
 *   <Routes> under a `/path/*` route match the rest of the address;
 * - navigation in a transition (a lazy page that loads keeps the old page on screen), `state` kept
 *   in the history entry, a link to the current address replaces it;
 * - paths match case-insensitively and ignore a trailing slash.
 * Relative paths in links and navigate() are not supported: every link in the site is absolute.
 */
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { useHydrated } from './use-hydrated';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}
export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Stays where the page is scrolled instead of opening the next address at its top. */
  preventScrollReset?: boolean;
}
export type Params = Record<string, string | undefined>;
export interface PathMatch {
  params: Params;
  pathname: string;
  pathnameBase: string;
}

type Navigator = (to: To | number, options?: NavigateOptions) => void;
interface RouterState {
  location: Location;
  navigate: Navigator;
}
interface RouteState {
  outlet: ReactNode;
  params: Params;
  /** The part of the address the routes above have matched (descendant <Routes> match the rest). */
  pathnameBase: string;
}

const RouterContext = createContext<RouterState | null>(null);
const RouteContext = createContext<RouteState>({ outlet: null, params: {}, pathnameBase: '/' });

function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return {
    pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/',
    search: searchAt >= 0 && searchAt < rest.length - 1 ? rest.slice(searchAt) : '',
    hash: hash === '#' ? '' : hash,
  };
}

/** The address `to` leads to from `from` (an object without a pathname keeps the current one). */
function resolve(to: To, from: Location): Pick<Location, 'pathname' | 'search' | 'hash'> {
  if (typeof to === 'string') return /^[?#]/.test(to) ? { ...parsePath(to), pathname: from.pathname } : parsePath(to);
  return { pathname: to.pathname ?? from.pathname, search: to.search ?? '', hash: to.hash ?? '' };
}

const createPath = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  pathname + (search && search !== '?' ? search : '') + (hash && hash !== '#' ? hash : '');

function useRouter(): RouterState {
  return useContext(RouterContext)!;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): Navigator => useRouter().navigate;
export const useParams = <T extends Params = Params>(): T => useContext(RouteContext).params as T;
export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

/** What the history entry holds besides the page's `state`: where the page was scrolled when it was left. */
interface HistoryEntryState {
  usr?: unknown;
  scrollY?: number;
}
const entryState = () => (window.history.state ?? {}) as HistoryEntryState;

/** Where to scroll once the next location is on screen. */
type PendingScroll = { top: number } | { hash: string } | null;

/** The element a #hash names, if any. */
function hashTarget(hash: string): HTMLElement | null {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // an id as written
  }
  return id ? document.getElementById(id) : null;
}

const browserLocation = (): Location => {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: (window.history.state as { usr?: unknown } | null)?.usr ?? null };
};

/** The router of the browser's address bar. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [current, setLocation] = useState(browserLocation);
  // While React hydrates a page the server rendered, the history entry's state (a welcome, a search
  // carried over) is held back: the server had none, and a first render that differs from its HTML
  // fails hydration (React error #418). The state follows in the render straight after.
  const hydrating = !useHydrated();
  const location = useMemo(
    () => (hydrating && current.state !== null ? { ...current, state: null } : current),
    [hydrating, current],
  );
  // Scrolling as a site of separate pages would: a new page opens at its top (or at its #anchor, clear
  // of the sticky header by the page's scroll-padding), Back and Forward return where the page was.
  // The browser's own restoration runs at popstate, before the page it returns to has rendered.
  const pendingScroll = useRef<PendingScroll>(null);
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Kept in the entry (a little after scrolling stops: browsers limit how often an entry is rewritten).
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        window.history.replaceState({ ...entryState(), scrollY: window.scrollY }, '');
      }, 150);
    };
    const onPop = () => {
      clearTimeout(timer);
      pendingScroll.current = { top: entryState().scrollY ?? 0 };
      startTransition(() => setLocation(browserLocation()));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('popstate', onPop);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('popstate', onPop);
    };
  }, []);
  const navigate = useCallback<Navigator>((to, options = {}) => {
    if (typeof to === 'number') return window.history.go(to);
    const current = browserLocation();
    const next = resolve(to, current);
    const href = createPath(next);
    const replace = options.replace ?? href === createPath(current);
    const state = options.state ?? null;
    if (!replace) {
      // Back to the page being left returns to this point of it.
      window.history.replaceState({ ...entryState(), scrollY: window.scrollY }, '');
      pendingScroll.current = next.hash ? { hash: next.hash } : options.preventScrollReset ? null : { top: 0 };
    }
    // The state sits where React Router kept it, so an entry made before this router still reads.
    window.history[replace ? 'replaceState' : 'pushState']({ usr: state }, '', href);
    startTransition(() => setLocation({ ...next, state }));
  }, []);
  // After the children: the page the address leads to is on screen when this runs.
  useLayoutEffect(() => {
    const wanted = pendingScroll.current;
    pendingScroll.current = null;
    if (!wanted) return;
    if ('hash' in wanted) {
      const target = hashTarget(wanted.hash);
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    } else {
      window.scrollTo(0, wanted.top);
      // A page may still lay out (fonts, a part that loads with it) or move the focus after this: once more
      // on the next frame, so Back lands where the page was left.
      const top = wanted.top;
      requestAnimationFrame(() => {
        if (Math.abs(window.scrollY - top) > 1) window.scrollTo(0, top);
      });
    }
  }, [current]);
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** The router of a page rendered on the server (src/entry-server.tsx): a fixed address, no navigation. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const router = useMemo(() => ({ location: { ...parsePath(location), state: null }, navigate: () => {} }), [location]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route inside <Routes>; <Routes> reads its props and renders its element. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

interface Branch {
  /** The routes from the outermost to the one matched, each with its own part of the path. */
  routes: { props: RouteProps; path: string }[];
  score: number;
  order: number;
  pattern: RegExp;
  names: string[];
}

function routePropsOf(children: ReactNode): RouteProps[] {
  const routes: RouteProps[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) routes.push(...routePropsOf(child.props.children));
    else routes.push(child.props);
  });
  return routes;
}

const joinPaths = (...parts: string[]) => `/${parts.join('/')}`.replace(/\/{2,}/g, '/');

/** React Router's ranking: more segments score more, a static one 10, a parameter 3, `*` loses 2, an index gains 2. */
function scoreOf(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  return segments.reduce(
    (score, segment) => score + (segment === '*' ? 0 : segment.startsWith(':') ? 3 : segment === '' ? 1 : 10),
    segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0),
  );
}

/** A path pattern as a regular expression (React Router's), and its parameters' names (`*` for the rest). */
function compile(path: string, end = true): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  let source = path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    });
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) source += '\\/*$';
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
  return { pattern: new RegExp(`^${source}`, 'i'), names };
}

function flatten(routes: RouteProps[], parents: Branch['routes'], prefix: string, branches: Branch[]) {
  routes.forEach((props) => {
    const own = props.path ?? '';
    const path = own.startsWith('/') ? own : joinPaths(prefix, own);
    const chain = [...parents, { props, path: own }];
    const children = routePropsOf(props.children);
    if (children.length) flatten(children, chain, path, branches);
    if (props.path !== undefined || props.index) {
      branches.push({ routes: chain, score: scoreOf(path, props.index), order: branches.length, ...compile(path) });
    }
  });
}

function matchCompiled({ pattern, names }: { pattern: RegExp; names: string[] }, pathname: string): PathMatch | null {
  const found = pattern.exec(pathname);
  if (!found) return null;
  const params: Params = {};
  names.forEach((name, i) => (params[name] = decode(found[i + 1] ?? '')));
  const matched = found[0];
  // `*` is always the last name: the part of the address it took is not part of the base.
  const base = names.includes('*') ? matched.slice(0, matched.length - (found[names.length] ?? '').length) : matched;
  return { params, pathname: matched, pathnameBase: base.replace(/(.)\/+$/, '$1') || '/' };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function useMatch(pattern: string): PathMatch | null {
  const { pathname } = useLocation();
  return useMemo(() => matchCompiled(compile(pattern), pathname), [pattern, pathname]);
}

/** Renders the best-ranked route that matches the address (the rest of it, under a parent's `*`). */
export function Routes({ children }: { children: ReactNode }): ReactNode {
  const { pathname } = useLocation();
  const parent = useContext(RouteContext);
  const branches = useMemo(() => {
    const all: Branch[] = [];
    flatten(routePropsOf(children), [], '/', all);
    return all.sort((a, b) => b.score - a.score || a.order - b.order);
  }, [children]);
  const base = parent.pathnameBase;
  const rest = base === '/' ? pathname : pathname.slice(base.length) || '/';
  for (const branch of branches) {
    const found = matchCompiled(branch, rest);
    if (!found) continue;
    const params = { ...parent.params, ...found.params };
    const pathnameBase = joinPaths(base, found.pathnameBase).replace(/(.)\/+$/, '$1');
    return branch.routes.reduceRight<ReactNode>(
      (outlet, route) => (
        <RouteContext.Provider value={{ outlet, params, pathnameBase }}>
          {route.props.element === undefined ? outlet : route.props.element}
        </RouteContext.Provider>
      ),
      null,
    );
  }
  return null;
}

/** Navigates when rendered (in an effect, as React Router does). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions): null {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>, NavigateOptions {
  to: To;
  ref?: Ref<HTMLAnchorElement>;
}

/** Whether a click should follow the link in the page (a plain left click, not one for a new tab). */
const clickStaysInPage = (event: MouseEvent<HTMLAnchorElement>, target?: string) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  (!target || target === '_self') &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

export function Link({ to, replace, state, preventScrollReset, onClick, target, ...anchor }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = createPath(resolve(to, location));
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!clickStaysInPage(event, target)) return;
        event.preventDefault();
        navigate(to, { replace, state, preventScrollReset });
      }}
    />
  );
}

export interface NavLinkProps extends LinkProps {
  /** Active only on the link's own address, not below it. */
  end?: boolean;
}

/** A link marked aria-current="page" (and class "active") while its address is open. */
export function NavLink({ end, className, ...link }: NavLinkProps) {
  const { location } = useRouter();
  const own = resolve(link.to, location)
    .pathname.toLowerCase()
    .replace(/(.)\/+$/, '$1');
  const current = location.pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const isActive = current === own || (!end && current.startsWith(own === '/' ? own : `${own}/`));
  return (
    <Link
      {...link}
      className={isActive ? `${className ?? ''} active`.trim() : className}
      aria-current={isActive ? 'page' : undefined}
    />
  );
}

type SearchInit = string | URLSearchParams | Record<string, string>;

/** The address's query, and a function that navigates to another query on the same page. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next);
      navigate(`?${value.toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
