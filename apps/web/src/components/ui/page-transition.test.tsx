import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { PageTransition } from './page-transition';

function App() {
  return (
    <MemoryRouter initialEntries={['/']}>
      <PageTransition>
        <Routes>
          <Route path="/" element={<Link to="/next">Next</Link>} />
          <Route path="/next" element={<p>Next page</p>} />
        </Routes>
      </PageTransition>
    </MemoryRouter>
  );
}

function mockReducedMotion(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches, media: query }) as MediaQueryList,
  );
}

describe('PageTransition', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('scrolls to the top and animates fade + 20px slide on each route change', async () => {
    mockReducedMotion(false);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const animate = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'animate').mockImplementation(animate);
    render(<App />);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(screen.getByText('Next page')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
    expect(animate).toHaveBeenCalledTimes(2);
    const [keyframes] = animate.mock.calls[1] as [Keyframe[]];
    expect(keyframes[0]).toEqual({ opacity: 0, transform: 'translateY(20px)' });
  });

  it('does not animate when the user prefers reduced motion, but still scrolls', async () => {
    mockReducedMotion(true);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const animate = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'animate').mockImplementation(animate);
    render(<App />);
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(animate).not.toHaveBeenCalled();
  });
});
