import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appFrameMessageSchema } from '@buildai/domain';
import { applyShellLocation, initFrameLocation } from './frame-location';
import { provideStorage } from './frame-storage';
import NextLink from './next-link';
import { useRouter } from './next-navigation';
import {
  BrowserRouter,
  createBrowserRouter,
  Link,
  Route,
  RouterProvider,
  Routes,
  useNavigate,
  useParams,
  useSearchParams,
} from './router';

// react-router and Next's names on the frame's history (decision 0012, "Routing"): the frame's own address never
// changes, every move is told to the shell in the shape it accepts, and the shell's Back and Forward move the app.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let posted: ReturnType<typeof vi.fn>;
let root: Root;
let host: HTMLElement;

beforeEach(() => {
  const holder = document.createElement('iframe');
  document.body.append(holder);
  posted = vi.fn();
  holder.contentWindow!.postMessage = posted as unknown as Window['postMessage'];
  Object.defineProperty(window, 'parent', { value: holder.contentWindow, configurable: true });
  window.scrollTo = vi.fn();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
  document.body.innerHTML = '';
});

/** The navigations the frame told the shell, each as the shell's schema reads it. */
const moves = () =>
  posted.mock.calls
    .map(([message]) => appFrameMessageSchema.parse(message))
    .filter((m) => m.type === 'navigate')
    .map((m) => (m.type === 'navigate' ? [m.page, m.search, m.replace ?? false] : null));

const click = (text: string) =>
  act(() => {
    const link = [...host.querySelectorAll('a, button')].find((el) => el.textContent === text) as HTMLElement;
    link.click();
  });

function Product() {
  const { id } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div>
      <h1>Product {id}</h1>
      <p>colour {query.get('colour')}</p>
      <button onClick={() => navigate('/', { replace: true })}>Home, replacing</button>
    </div>
  );
}

function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Link to="/products/42?colour=red">Open 42</Link>} />
        <Route path="/products/:id" element={<Product />} />
      </Routes>
    </BrowserRouter>
  );
}

describe('BrowserRouter in the frame', () => {
  it('starts where the shell says, moves on the frame history and tells the shell each move', () => {
    const address = window.location.href;
    initFrameLocation({ path: '', search: '' });
    act(() => root.render(<App />));
    click('Open 42');
    expect(host.querySelector('h1')?.textContent).toBe('Product 42');
    expect(host.textContent).toContain('colour red');
    click('Home, replacing');
    expect(host.textContent).toContain('Open 42');
    expect(moves()).toEqual([
      ['products/42', 'colour=red', false],
      ['', '', true],
    ]);
    // the frame's own address never changed
    expect(window.location.href).toBe(address);
  });

  it("follows the shell's Back and Forward, and opens on a deep address", () => {
    initFrameLocation({ path: 'products/7', search: '' });
    act(() => root.render(<App />));
    expect(host.querySelector('h1')?.textContent).toBe('Product 7');
    act(() => applyShellLocation({ path: '', search: '' }));
    expect(host.textContent).toContain('Open 42');
    // a move the shell made is not told back to it
    expect(moves()).toEqual([]);
  });

  it('adds no second router inside one (a page that renders BrowserRouter under the runtime’s)', () => {
    initFrameLocation({ path: '', search: '' });
    act(() =>
      root.render(
        <BrowserRouter>
          <BrowserRouter>
            <Routes>
              <Route path="/" element={<p>inner</p>} />
            </Routes>
          </BrowserRouter>
        </BrowserRouter>,
      ),
    );
    expect(host.textContent).toBe('inner');
  });
});

describe('createBrowserRouter and the Next.js names', () => {
  it('a data router starts at the address and reports its moves', () => {
    initFrameLocation({ path: 'about', search: '' });
    const router = createBrowserRouter([
      { path: '/', element: <p>home</p> },
      { path: '/about', element: <p>about</p> },
    ]);
    act(() => root.render(<RouterProvider router={router} />));
    expect(host.textContent).toBe('about');
    act(() => void router.navigate('/'));
    expect(host.textContent).toBe('home');
    expect(moves()).toEqual([['', '', false]]);
    act(() => applyShellLocation({ path: 'about', search: '' }));
    expect(host.textContent).toBe('about');
  });

  it('next/link and useRouter move the same history, outside any router too', () => {
    initFrameLocation({ path: '', search: '' });
    function Page() {
      const router = useRouter();
      return (
        <div>
          <NextLink href={{ pathname: '/blog', query: { page: 2 } }}>Blog</NextLink>
          <NextLink href="https://example.com/">Outside</NextLink>
          <button onClick={() => router.push('/contact')}>Contact</button>
        </div>
      );
    }
    act(() => root.render(<Page />));
    click('Blog');
    click('Contact');
    expect(moves()).toEqual([
      ['blog', 'page=2', false],
      ['contact', '', false],
    ]);
    expect(host.querySelector('a[href="https://example.com/"]')).not.toBeNull();
  });
});

describe('web storage in the frame', () => {
  it('gives the frame a storage of its own where the browser refuses one', () => {
    const refused = () => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    };
    Object.defineProperty(window, 'localStorage', { get: refused, configurable: true });
    expect(() => window.localStorage).toThrow();
    provideStorage();
    window.localStorage.setItem('theme', 'dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(window.localStorage.length).toBe(1);
    window.localStorage.clear();
    expect(window.localStorage.getItem('theme')).toBeNull();
  });
});
