// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginHydration, markRootHydrated } from './hydrates-later';
import {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useMatch,
  useParams,
  useSearchParams,
} from './router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Show({ name }: { name: string }) {
  const params = useParams();
  const { pathname, search } = useLocation();
  return <p>{`${name} ${JSON.stringify(params)} ${pathname}${search}`}</p>;
}

function Layout() {
  const referral = useMatch('/:referralCode/*')?.params.referralCode;
  return (
    <main data-referral={referral}>
      <Outlet />
    </main>
  );
}

function Desk() {
  return (
    <Routes>
      <Route element={<Outlet />}>
        <Route index element={<Show name="desk-home" />} />
        <Route path="bookings/:id" element={<Show name="desk-booking" />} />
      </Route>
    </Routes>
  );
}

const pages = (
  <>
    <Route index element={<Show name="home" />} />
    <Route path="offers" element={<Show name="offers" />} />
    <Route path="booking/:id" element={<Show name="booking" />} />
  </>
);

/** The site's shape (app/router.tsx): a layout, pages under an optional referral code, a desk with its own routes. */
function AppRoutes() {
  return (
    <Routes>
      <Route path="/admin/*" element={<Desk />} />
      <Route path="/" element={<Layout />}>
        {pages}
        <Route path=":referralCode" element={<Outlet />}>
          {pages}
        </Route>
        <Route path="*" element={<Show name="not-found" />} />
      </Route>
    </Routes>
  );
}

const render = (url: string) =>
  renderToString(
    <StaticRouter location={url}>
      <AppRoutes />
    </StaticRouter>,
  ).replace(/&quot;/g, '"');

describe('the router', () => {
  it.each([
    ['/', 'home {} /'],
    ['/offers?from=PZU', 'offers {} /offers?from=PZU'],
    ['/OFFERS/', 'offers {} /OFFERS/'],
    ['/booking/b-1', 'booking {"id":"b-1"} /booking/b-1'],
    ['/KW2024', 'home {"referralCode":"KW2024"} /KW2024'],
    ['/KW2024/offers', 'offers {"referralCode":"KW2024"} /KW2024/offers'],
    ['/KW2024/booking/b%201', 'booking {"referralCode":"KW2024","id":"b 1"} /KW2024/booking/b%201'],
    ['/a/b/c', 'not-found {"*":"a/b/c"} /a/b/c'],
    ['/admin', 'desk-home {"*":""} /admin'],
    ['/admin/bookings/7', 'desk-booking {"*":"bookings/7","id":"7"} /admin/bookings/7'],
  ])('renders %s as React Router ranks it: a static segment over a parameter over *', (url, text) => {
    expect(render(url)).toContain(`<p>${text}</p>`);
  });

  it('tells the layout the referral code of the address', () => {
    expect(render('/KW2024/offers')).toContain('data-referral="KW2024"');
    expect(render('/offers')).toContain('data-referral="offers"');
  });

  it('marks the link to the open page, and writes hrefs', () => {
    const html = renderToString(
      <StaticRouter location="/about">
        <NavLink to="/about" end className="nav">
          a
        </NavLink>
        <NavLink to="/" end className="nav">
          h
        </NavLink>
        <Link to={{ search: '?tab=2' }}>t</Link>
      </StaticRouter>,
    );
    expect(html).toContain('<a class="nav active" aria-current="page" href="/about">a</a>');
    expect(html).toContain('<a class="nav" href="/">h</a>');
    expect(html).toContain('<a href="/about?tab=2">t</a>');
  });
});

describe('the browser router', () => {
  const roots: (() => void)[] = [];
  afterEach(() => roots.splice(0).forEach((unmount) => unmount()));

  async function mount(url: string, ui: React.ReactNode) {
    window.history.replaceState(null, '', url);
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<BrowserRouter>{ui}</BrowserRouter>));
    roots.push(() => act(() => root.unmount()));
    return container;
  }

  it('follows a link with its state, keeps it in history, and goes back on popstate', async () => {
    function State() {
      const location = useLocation();
      return <output>{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</output>;
    }
    const container = await mount(
      '/',
      <>
        <Link to="/offers?from=PZU" state={{ from: 'home' }}>
          go
        </Link>
        <State />
      </>,
    );
    expect(container.querySelector('output')!.textContent).toBe('/ null');
    await act(async () => container.querySelector('a')!.click());
    expect(window.location.pathname + window.location.search).toBe('/offers?from=PZU');
    expect(container.querySelector('output')!.textContent).toBe('/offers?from=PZU {"from":"home"}');
    window.history.replaceState({ usr: null }, '', '/');
    await act(async () => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(container.querySelector('output')!.textContent).toBe('/ null');
  });

  it("hydrates a page the server rendered as the server did, then gives the history entry's state", async () => {
    function Welcome() {
      const { state } = useLocation();
      return <p>{(state as { welcome?: string } | null)?.welcome ?? 'no welcome'}</p>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <StaticRouter location="/">
        <Welcome />
      </StaticRouter>,
    );
    document.body.append(container);
    // The entry Back returns to after a log-out: the welcome the server never rendered.
    window.history.replaceState({ usr: { welcome: 'أهلاً بك يا آمنة' } }, '', '/');
    const errors: unknown[] = [];
    // As main.tsx hydrates the page the server painted.
    beginHydration();
    const root = await act(async () =>
      hydrateRoot(
        container,
        <BrowserRouter>
          <Welcome />
        </BrowserRouter>,
        { onRecoverableError: (error) => errors.push(error) },
      ),
    );
    markRootHydrated();
    roots.push(() => act(() => root.unmount()));
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('أهلاً بك يا آمنة');
  });

  it('opens a new page at its top and returns to where the page was on Back', async () => {
    const scrolled: number[] = [];
    let scrollY = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => {
      scrollY = y;
      scrolled.push(y);
    }) as typeof window.scrollTo);
    try {
      const container = await mount(
        '/offers?from=PZU',
        <>
          <Link to="/booking/bk_1">book</Link>
          <Routes>
            <Route path="/offers" element={<Show name="offers" />} />
            <Route path="/booking/:id" element={<Show name="booking" />} />
          </Routes>
        </>,
      );
      // The traveller scrolled 815 px down the results, then opens a booking.
      scrollY = 815;
      await act(async () => container.querySelector('a')!.click());
      expect(container.querySelector('p')!.textContent).toContain('booking');
      expect(scrolled).toEqual([0]);
      expect(scrollY).toBe(0);
      // Back: the results again, where they were left.
      await act(async () => {
        window.history.back();
        await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      });
      expect(container.querySelector('p')!.textContent).toContain('offers');
      expect(scrolled).toEqual([0, 815]);
    } finally {
      scrollTo.mockRestore();
      Reflect.deleteProperty(window, 'scrollY');
    }
  });

  it('rewrites the query with useSearchParams and redirects with Navigate', async () => {
    function Tabs() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams((current) => (current.set('tab', '2'), current), { replace: true })}>
          {params.get('tab') ?? 'none'}
        </button>
      );
    }
    const container = await mount('/faqs?q=1', <Tabs />);
    const length = window.history.length;
    await act(async () => container.querySelector('button')!.click());
    expect(window.location.pathname + window.location.search).toBe('/faqs?q=1&tab=2');
    expect(window.history.length).toBe(length);
    expect(container.querySelector('button')!.textContent).toBe('2');

    await mount(
      '/old',
      <Routes>
        <Route path="/old" element={<Navigate to="/new" replace />} />
      </Routes>,
    );
    expect(window.location.pathname).toBe('/new');
  });
});
