import { useEffect, useRef, useState } from 'preact/hooks';
import { describeFailure, type Failure } from './api.js';

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export type Answer<T> =
  | { readonly state: 'idle' }
  /** `value` is the last answer, shown until the new one replaces it, so that controls keep their focus. */
  | { readonly state: 'loading'; readonly value?: T | undefined }
  | { readonly state: 'done'; readonly value: T }
  | { readonly state: 'failed'; readonly failure: Failure };

/**
 * The answer of `call` for the current `key`; undefined `call` is nothing to
 * ask. An answer that arrives after a newer question is dropped, so that a
 * slow reply never replaces a fresher one.
 */
export function useAnswer<T>(key: string, call: (() => Promise<T>) | undefined): Answer<T> {
  const [answer, setAnswer] = useState<Answer<T>>({ state: 'idle' });
  const latest = useRef(0);
  useEffect(() => {
    const asked = ++latest.current;
    if (call === undefined) {
      setAnswer({ state: 'idle' });
      return;
    }
    setAnswer((previous) => ({ state: 'loading', value: 'value' in previous ? previous.value : undefined }));
    call().then(
      (value) => asked === latest.current && setAnswer({ state: 'done', value }),
      (error: unknown) => asked === latest.current && setAnswer({ state: 'failed', failure: describeFailure(error) }),
    );
    // `key` stands for everything `call` reads.
  }, [key]);
  return answer;
}

/** Tells the page which secret fields of a panel hold text, by what it calls them. */
export type ReportSecrets = (panel: string, fields: readonly string[]) => void;

/**
 * Reports `fields`, the panel's secret fields that hold text, whenever they
 * change, and none once the panel is gone: the share link names them as left out.
 */
export function useReportedSecrets(report: ReportSecrets, panel: string, fields: readonly string[]): void {
  const joined = fields.join('\u0000');
  useEffect(() => {
    report(panel, joined === '' ? [] : joined.split('\u0000'));
    return () => report(panel, []);
  }, [report, panel, joined]);
}
