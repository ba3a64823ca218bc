// Tests only: the real IndexedDB store and ticket lock in the browser, driven by e2e/store-idb.spec.ts. Bundled by
// the spec at test time and served on the preview's origin; never part of the game's build.
import { BlockDealer } from '../../src/core/block';
import { CryptoSource } from '../../src/core/crypto-source';
import { Game } from '../../src/core/game';
import { DEFAULT_PRIZE_TABLE } from '../../src/core/prize-table';
import { replayJournal } from '../../src/core/replay';
import { crc32 } from '../../src/core/save-format';
import type { GameSnapshot } from '../../src/core/snapshot';
import { claimTicket, openStore, type GameStore, type TicketLock } from '../../src/app/store';

let store: GameStore | null = null;
let game: Game | null = null;
let lock: TicketLock | null = null;

async function open(): Promise<{ problems: string[]; journal: number; balanceCents: number; history: number; snapshot: GameSnapshot | null }> {
  const opened = await openStore();
  if (!opened.ok) throw new Error(opened.error.message);
  store = opened.value;
  const loaded = await store.load();
  if (!loaded.ok) throw new Error(loaded.error.message);
  const { current, wallet, history, problems } = loaded.value;
  game = null;
  let snapshot: GameSnapshot | null = null;
  if (current) {
    // A real ticket resumes with a fresh crypto source: its journal already holds every draw made.
    const resumed = Game.fromJournal(current.journal, new CryptoSource());
    if (!resumed.ok) throw new Error(resumed.error.message);
    game = resumed.value;
    snapshot = game.snapshot();
  }
  return {
    problems: problems.map((p) => `${p.record} ${p.code}: ${p.message}`),
    journal: current?.journal.length ?? 0,
    balanceCents: wallet.balanceCents,
    history: history.length,
    snapshot,
  };
}

/** Buys a ticket if none is in play, then plays `n` commands (reveal, lowest hen, haystack 0), saving each. */
async function play(n: number): Promise<GameSnapshot> {
  if (!store) throw new Error('open first');
  if (!game) {
    const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE, store.block ?? undefined);
    const source = new CryptoSource();
    game = Game.start(dealer.deal(source), source);
    const started = await store.startTicket(game.journal, { block: dealer.state() });
    if (!started.ok) throw new Error(started.error.message);
  }
  for (let i = 0; i < n; i++) {
    const s = game.snapshot();
    if (s.phase === 'ended') break;
    const r = s.phase === 'scratch' ? game.reveal() : s.phase === 'haystack' ? game.chooseHaystack(0) : game.pick(s.round!.hens.indexOf(null));
    if (!r.ok) throw new Error(r.error.message);
    const saved = await store.saveCurrent(game.journal);
    if (!saved.ok) throw new Error(saved.error.message);
  }
  return game.snapshot();
}

async function finish(): Promise<number> {
  if (!store || !game) throw new Error('no ticket');
  while (game.snapshot().phase !== 'ended') await play(1);
  const r = await store.finishTicket(game.journal);
  if (!r.ok) throw new Error(r.error.message);
  game = null;
  return r.value.wallet.balanceCents;
}

/** Rebuilds the saved current ticket without drawing, as a check independent of open(). */
function foldSaved(): GameSnapshot | null {
  const j = store?.current?.journal;
  if (!j) return null;
  const g = replayJournal(j);
  if (!g.ok) throw new Error(g.error.message);
  return g.value.snapshot();
}

/** Edits the wallet's stored bytes directly in IndexedDB, as the devtools storage panel would, checksum recomputed. */
function editWalletBytes(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open('poule-aux-oeufs-dor');
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction('wallet', 'readwrite');
      const os = tx.objectStore('wallet');
      const get = os.get('wallet');
      get.onsuccess = () => {
        const r = get.result as { body: string };
        const body = r.body.replace(/"balanceCents":\d+/, '"balanceCents":999999');
        os.put({ ...r, body, checksum: crc32(body) }, 'wallet');
      };
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
    };
  });
}

async function claim(wait: boolean): Promise<{ owner: boolean; mode: string }> {
  lock = await claimTicket({ wait });
  return { owner: lock.owner, mode: lock.mode };
}

const harness = { open, play, finish, foldSaved, editWalletBytes, claim, release: () => lock?.release(), close: () => store?.close() };
declare global {
  interface Window {
    storeHarness: typeof harness;
  }
}
window.storeHarness = harness;
document.getElementById('ready')!.textContent = 'ready';
