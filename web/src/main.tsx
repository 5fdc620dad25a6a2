import { render } from 'preact';
import { loadLocalCore, runsHere } from './api.js';
import { App } from './app.js';
import './styles.css';

render(<App />, document.getElementById('app')!);

/**
 * Runs `then` once the page has been painted: when the browser reports its first paint, or where it reports none
 * (no paint timing), two frames on. A page that is never shown paints nothing: its first call loads what it needs.
 */
function afterFirstPaint(then: () => void): void {
  if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(then));
  }
}

// The local core after the first paint (contract §11), so that the first load is the page alone. A call made
// before then loads it itself and waits; a load that fails here is tried again by the next call.
afterFirstPaint(() => {
  if (runsHere()) loadLocalCore().catch(() => undefined);
});
