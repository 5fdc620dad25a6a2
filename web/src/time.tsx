import { useEffect, useState } from 'preact/hooks';
import { serviceTzdataIfRulesDiffer, type Failure } from './api.js';
import { Name, Scroll, Section, useRunsHere } from './common.js';
import type { Identified, Local, ToUnix } from './types.js';
import { currentZoneName, zoneChoices } from './zones.js';

const ZONES: readonly string[] = zoneChoices(Intl.supportedValuesOf('timeZone'));
export const BROWSER_ZONE = currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** How the views show the zone: the one chosen, or the one the value names itself (`named`), which the picker then follows. */
export interface ZoneChoice {
  readonly zone: string;
  readonly named: boolean;
  readonly onZone: (zone: string) => void;
}

/**
 * The zone picker: UTC and every zone the browser knows under its current name, the browser's own first chosen.
 * A value that names its own zone is read there: the picker shows that zone, and says why it cannot be changed.
 * `differing`, the service's tz release, says that this browser's rules for the zone are not the service's.
 */
export function ZonePicker({ zone, named, onZone, differing }: ZoneChoice & { readonly differing?: string | undefined }) {
  const zones = ZONES.includes(zone) ? ZONES : [zone, ...ZONES];
  const described = [named ? 'zone-named' : '', differing === undefined ? '' : 'zone-rules'].filter(Boolean).join(' ');
  return (
    <p class="field">
      <label for="zone">{FIELD_LABELS.zone}</label>
      <select
        id="zone"
        value={zone}
        disabled={named}
        aria-describedby={described || undefined}
        onChange={(event) => onZone(event.currentTarget.value)}
      >
        {zones.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {named ? (
        <span id="zone-named" class="hint">
          This value names its own time zone, {zone}: it is read there, and the picker follows it.
        </span>
      ) : null}
      {differing === undefined ? null : (
        <span id="zone-rules" class="hint zone-rules">
          This browser's rules for {zone} differ from the service's (IANA tz {differing}), so local times there may differ; turn off “Run in
          this browser” to use the service's.
        </span>
      )}
    </p>
  );
}

/**
 * In local mode, the service's tz release where this browser's rules for `zone` are not the service's (contract §3b,
 * §11), else undefined. Asked again for each answer (`answer`), which costs a look-up, since the client measures each
 * zone once: a browser without its own `Temporal` can measure only once the local core has answered a call.
 */
function useDifferingRules(zone: string, answer: unknown): string | undefined {
  const here = useRunsHere();
  const [measured, setMeasured] = useState<{ readonly zone: string; readonly tzdata: string | undefined }>();
  useEffect(() => {
    if (!here) return undefined;
    let current = true;
    serviceTzdataIfRulesDiffer(zone).then(
      (tzdata) => {
        if (current) setMeasured({ zone, tzdata });
      },
      // The local core did not load: the answer's own call says so.
      () => {
        if (current) setMeasured(undefined);
      },
    );
    return () => {
      current = false;
    };
  }, [zone, here, answer]);
  return here && measured?.zone === zone ? measured.tzdata : undefined;
}

/** Local time in the picked zone, with its offset, DST and the next change of offset. */
export function LocalTime({ local }: { local: Local }) {
  return (
    <dl class="facts">
      <dt>Local time in {local.time_zone}</dt>
      <dd>
        <code>{local.iso}</code>
      </dd>
      <dt>Offset</dt>
      <dd>
        {local.offset} ({local.dst ? 'daylight saving time' : 'standard time'})
      </dd>
      <dt>Next transition</dt>
      <dd>{local.next_transition === null ? 'none known' : <code>{local.next_transition}</code>}</dd>
      <dt>ISO week, day of year</dt>
      <dd>
        {local.iso_week}, day {local.day_of_year}
      </dd>
    </dl>
  );
}

/** The labels on screen of the fields that stand for the service's parameters; a refusal names a field by its label. */
export const FIELD_LABELS = {
  /** The one input: `value`, and as an operand `datetime` or `from`. */
  input: 'Token, key or timestamp',
  /** The zone picker: `tz`. */
  zone: 'Time zone',
  /** The calculator's second instant: `to`. */
  other: 'Other instant',
  /** The calculator's duration: `duration`. */
  duration: 'Duration',
} as const;

const quoted = (label: string): string => `“${label}”`;

/**
 * The service's notes and refusals are written for API callers; the page says them in its own words, where its
 * fields stand for the parameters (`tz`, `to`…): each is named by its label. `to` and `from` are English words
 * too, so only where a parameter is a sentence's subject: first, after `; ` or after `but `.
 */
const NOTE_WORDS: readonly (readonly [RegExp, string])[] = [
  [/, the zone tz names$/, ', the time zone chosen below'],
  [/; tz names another zone to read it in$/, '; choose another time zone below to read it there'],
  [/the formats identify reads/, 'the formats this page reads'],
  [/^value /, 'This value '],
  // An operand that no format reads: the fields read every format identify reads, not RFC 3339 alone.
  [/ must be an RFC 3339 date-time such as /, ' must be a timestamp or a date-time this page reads, such as '],
  [/(^|; |but )to\b/g, `$1${quoted(FIELD_LABELS.other)}`],
  [/(^|; |but )(?:from|datetime)\b/g, `$1${quoted(FIELD_LABELS.input)}`],
  [/\btz\b/g, quoted(FIELD_LABELS.zone)],
  [/^duration\b/, quoted(FIELD_LABELS.duration)],
];

const noteForPeople = (note: string): string =>
  NOTE_WORDS.reduce((text, [words, ours]) => text.replace(words, ours), note).replace(/[^.]$/, '$&.');

/** A failed call in the page's words: a refusal names the page's fields, never the service's parameters. */
export const failureForPeople = (failure: Failure): Failure =>
  failure.kind === 'invalid'
    ? { kind: 'invalid', message: noteForPeople(failure.message).replace(/^\p{Ll}/u, (first) => first.toUpperCase()) }
    : failure;

const fieldsText = (fields: Record<string, string | number>): string =>
  Object.entries(fields)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');

function Candidates({ rows, caption }: { rows: Identified['candidates']; caption: string }) {
  return (
    <Scroll label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Reading</th>
            <th scope="col">Instant (UTC)</th>
            <th scope="col">Also encodes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((candidate) => (
            <tr key={candidate.format}>
              <th scope="row">
                {candidate.description} <Name text={candidate.format} />
              </th>
              <td class="instant">
                <code>{candidate.exact}</code>
              </td>
              <td class="fields">{Object.keys(candidate.fields).length === 0 ? '—' : fieldsText(candidate.fields)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** identify's readings, best first; the implausible ones folded away. A floating best reading shows its gap or overlap. */
export function IdentifyView(props: {
  body: Identified;
  zone: ZoneChoice;
  disambiguation: string;
  onDisambiguation: (choice: string) => void;
}) {
  const { body, zone, disambiguation, onDisambiguation } = props;
  const plausible = body.candidates.filter((candidate) => candidate.plausible);
  const implausible = body.candidates.filter((candidate) => !candidate.plausible);
  const best = body.candidates[0];
  const [open, setOpen] = useState(false);
  const differing = useDifferingRules(zone.zone, body);
  return (
    <div>
      {body.notes.map((note, index) => (
        <p key={index}>{noteForPeople(note)}</p>
      ))}
      {best?.leap_second ? <LeapSecond /> : null}
      <ZonePicker {...zone} differing={best?.local === undefined ? undefined : differing} />
      {best?.resolution === undefined ? null : (
        <WallClock resolution={best.resolution} chosen={best.utc.iso} disambiguation={disambiguation} onDisambiguation={onDisambiguation} />
      )}
      {best?.local === undefined ? null : (
        <Section title="In your zone">
          <LocalTime local={best.local} />
        </Section>
      )}
      {plausible.length === 0 ? null : (
        <Section title="Plausible readings">
          <Candidates rows={plausible} caption="Readings between 1980 and 20 years from now, best first" />
        </Section>
      )}
      {implausible.length === 0 ? null : (
        <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
          <summary>
            {implausible.length} implausible {implausible.length === 1 ? 'reading' : 'readings'} (before 1980 or far in the future)
          </summary>
          <Candidates rows={implausible} caption="Implausible readings" />
        </details>
      )}
    </div>
  );
}

const KIND_WORDS = { unique: 'exists once', gap: 'is skipped by a change of offset (a gap)', overlap: 'happens twice (an overlap)' };

const LeapSecond = () => <p>A leap second: read as the second before it, as RFC 3339 readers do.</p>;

type Resolution = NonNullable<ToUnix['resolution']>;

/** A wall-clock time read in a zone: whether it exists once, and in a gap or overlap both candidates, the one chosen, and the choice. */
function WallClock(props: { resolution: Resolution; chosen: string; disambiguation: string; onDisambiguation: (choice: string) => void }) {
  const { resolution, chosen, disambiguation, onDisambiguation } = props;
  return (
    <Section title="Wall-clock time">
      <p>
        This local time {KIND_WORDS[resolution.kind]}
        {resolution.kind === 'unique' ? '.' : ':'}
      </p>
      {resolution.kind === 'unique' ? null : (
        <>
          <ul class="candidates">
            {resolution.candidates.map((candidate, index) => (
              <li key={candidate}>
                {index === 0 ? 'Earlier' : 'Later'}: <code>{candidate}</code>
                {candidate === chosen ? ' (chosen)' : ''}
              </li>
            ))}
          </ul>
          <p class="field">
            <label for="disambiguation">Choice in a gap or overlap</label>
            <select id="disambiguation" value={disambiguation} onChange={(event) => onDisambiguation(event.currentTarget.value)}>
              <option value="compatible">compatible (as JavaScript and most libraries)</option>
              <option value="earlier">earlier</option>
              <option value="later">later</option>
            </select>
          </p>
        </>
      )}
    </Section>
  );
}

/** A date-time that only to-unix reads (an RFC 9557 zone with no offset); in a gap or overlap, both candidates and the one chosen. */
export function DateTimeView(props: {
  body: ToUnix;
  zone: ZoneChoice;
  disambiguation: string;
  onDisambiguation: (choice: string) => void;
}) {
  const { body, zone, disambiguation, onDisambiguation } = props;
  const differing = useDifferingRules(zone.zone, body);
  return (
    <div>
      {body.leap_second ? <LeapSecond /> : null}
      <ZonePicker {...zone} differing={body.local === undefined ? undefined : differing} />
      {body.resolution === undefined ? null : (
        <WallClock resolution={body.resolution} chosen={body.utc.iso} disambiguation={disambiguation} onDisambiguation={onDisambiguation} />
      )}
      {body.local === undefined ? null : (
        <Section title="In the zone">
          <LocalTime local={body.local} />
        </Section>
      )}
    </div>
  );
}
