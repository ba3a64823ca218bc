import pg from 'pg';

/** A named statement with its values: parsed once per connection, then only bound and run. */
export interface RoundTripStatement {
  readonly name: string;
  readonly text: string;
  readonly values: readonly (string | number | null)[];
}

type Row = Record<string, unknown>;

/** The parts of pg's connection a round trip writes to (pg's own types leave some out). */
interface Wire {
  readonly stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  parse(q: { text: string; name: string; types: never[] }): void;
  bind(c: {
    statement: string;
    values: readonly (string | number | null)[];
    valueMapper: (v: unknown) => unknown;
  }): void;
  describe(m: { type: 'P' | 'S'; name: string }): void;
  execute(c: { portal: string }): void;
  close(m: { type: 'S'; name: string }): void;
  sync(): void;
}

interface Field {
  readonly name: string;
  readonly dataTypeID: number;
}
interface Decoder {
  readonly names: readonly string[];
  readonly parsers: readonly ((text: string) => unknown)[];
}

/**
 * A statement's columns and their parsers, kept by its name with its text (a text has one shape), learnt from the
 * first execution's description; null for a statement that returns no rows (BEGIN, COMMIT). Once known, a statement
 * is run without asking for its description again: PostgreSQL describes no columns and the client parses none.
 */
const shapes = new Map<string, { readonly text: string; readonly decoder: Decoder | null }>();
const shapeOf = (st: RoundTripStatement): Decoder | null | undefined => {
  const known = shapes.get(st.name);
  return known?.text === st.text ? known.decoder : undefined;
};

/**
 * Per connection, the statements whose Parse went out in a round trip that failed: PostgreSQL skips what follows an
 * error until the Sync, so whether they exist is unknown. The next use closes the name first (closing a statement
 * that does not exist is not an error) and parses it again.
 */
const unsure = new WeakMap<object, Set<string>>();

const toText = (v: unknown): unknown => (v === null || v === undefined ? null : String(v));

/**
 * Statements sent as ONE extended-protocol batch with ONE Sync at its end. pg's own queries end each statement with
 * a Sync, and PostgreSQL answers each Sync with a socket write of its own: a round trip of five statements was five
 * sends by the database and as many wake-ups of this process, each waking the other side on a shared core. Now the
 * database answers a round trip with one write. The first refused statement rejects the round trip; PostgreSQL skips
 * the rest until the Sync (inside a transaction they would have been refused anyway, the transaction being aborted).
 * A subclass of pg's Query: the pool's pipelining connections accept no other kind of query.
 */
class RoundTrip extends pg.Query {
  private readonly results: Row[][] = [];
  private current: Row[] = [];
  private decoder: Decoder | null = null;
  /** Whether each statement's description was asked for (its shape not yet known). */
  private readonly described: boolean[] = [];
  private readonly parsedHere: string[] = [];
  private wire: Wire | null = null;
  private settled = false;

  constructor(
    private readonly statements: readonly RoundTripStatement[],
    private readonly resolve: (rows: Row[][]) => void,
    private readonly reject: (e: unknown) => void,
  ) {
    super({ text: 'round trip' });
    this.submit = (connection: unknown): void => {
      this.send(connection as Wire);
    };
  }

  private send(wire: Wire): void {
    this.wire = wire;
    const doubtful = unsure.get(wire);
    wire.stream.cork?.();
    try {
      for (const st of this.statements) {
        if (wire.parsedStatements[st.name] !== st.text) {
          if (doubtful?.delete(st.name)) wire.close({ type: 'S', name: st.name });
          wire.parse({ text: st.text, name: st.name, types: [] });
          wire.parsedStatements[st.name] = st.text;
          this.parsedHere.push(st.name);
        }
        wire.bind({ statement: st.name, values: st.values, valueMapper: toText });
        const describe = shapeOf(st) === undefined;
        this.described.push(describe);
        if (describe) wire.describe({ type: 'P', name: '' });
        wire.execute({ portal: '' });
      }
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
  }

  handleRowDescription(msg: { fields: readonly Field[] }): void {
    const st = this.statements[this.results.length];
    if (!st) return;
    this.decoder = {
      names: msg.fields.map((f) => f.name),
      parsers: msg.fields.map((f) => pg.types.getTypeParser(f.dataTypeID, 'text') as (text: string) => unknown),
    };
    shapes.set(st.name, { text: st.text, decoder: this.decoder });
  }

  handleDataRow(msg: { fields: readonly (string | null)[] }): void {
    const i = this.results.length;
    const d = this.described[i] ? this.decoder : shapeOf(this.statements[i]!);
    if (!d) return;
    const row: Row = {};
    for (let i = 0; i < d.names.length; i++) {
      const v = msg.fields[i];
      row[d.names[i]!] = v === null || v === undefined ? null : d.parsers[i]!(v);
    }
    this.current.push(row);
  }

  handleCommandComplete(): void {
    const i = this.results.length;
    const st = this.statements[i];
    // Described, and no columns came: a statement without rows.
    if (st && this.described[i] && this.decoder === null) shapes.set(st.name, { text: st.text, decoder: null });
    this.results.push(this.current);
    this.current = [];
    this.decoder = null;
  }

  handleEmptyQuery(): void {
    this.handleCommandComplete();
  }

  handleError(err: unknown): void {
    if (this.settled) return;
    this.settled = true;
    // The statements parsed in this round trip may not exist (those after the error were skipped).
    if (this.wire && this.parsedHere.length > 0) {
      const doubtful = unsure.get(this.wire) ?? new Set<string>();
      unsure.set(this.wire, doubtful);
      for (const name of this.parsedHere) {
        delete this.wire.parsedStatements[name];
        doubtful.add(name);
      }
    }
    this.reject(err);
  }

  handleReadyForQuery(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(this.results);
  }
}

/** Sends the statements as one batch with one Sync; resolves with each statement's rows, in order. */
export function roundTrip(client: pg.ClientBase, statements: readonly RoundTripStatement[]): Promise<Row[][]> {
  return new Promise<Row[][]>((resolve, reject) => {
    client.query(new RoundTrip(statements, resolve, reject));
  });
}
