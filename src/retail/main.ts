import { parseGameCode } from '../protocol/game-code';
import type { DayReport } from '../protocol/messages';
import { CounterApi } from './counter-api';
import { CODE_PROBLEM, euros, paidWords, refusalWords, statusWords } from './counter-words';

/**
 * The retailer's terminal: sign in with the shop's key, then one code field that always has the focus. A barcode
 * scanner types the QR code's address and Enter; a person types the code and Enter. F1 sells, F2 pays a win (the
 * amount is shown and confirmed with Enter), F3 shows the day's report. A mistyped code is caught here, before any
 * request. The key is kept for this browser tab only.
 */
const KEY_STORE = 'poule-retailer-key';
type Mode = 'sell' | 'pay';

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`retail.html has no #${id}`);
  return el as T;
};

const signInForm = $<HTMLFormElement>('sign-in');
const keyInput = $<HTMLInputElement>('key');
const signInMessage = $('sign-in-message');
const counter = $('counter');
const shop = $('shop');
const signOut = $<HTMLButtonElement>('sign-out');
const codeForm = $<HTMLFormElement>('code-form');
const codeInput = $<HTMLInputElement>('code');
const submit = $<HTMLButtonElement>('submit');
const confirmBox = $('confirm');
const confirmText = $('confirm-text');
const confirmPay = $<HTMLButtonElement>('confirm-pay');
const confirmCancel = $<HTMLButtonElement>('confirm-cancel');
const message = $('message');
const log = $<HTMLOListElement>('log');
const reportForm = $<HTMLFormElement>('report-form');
const dayInput = $<HTMLInputElement>('day');
const report = $<HTMLTableElement>('report');

let api: CounterApi | null = null;
let pending: { code: string; serial: string; prizeCents: number } | null = null;
let busy = false;

const mode = (): Mode =>
  codeForm.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value === 'pay' ? 'pay' : 'sell';

function say(text: string, tone: 'ok' | 'bad' | 'info'): void {
  message.textContent = text;
  message.className = tone === 'info' ? '' : tone;
}

function note(text: string): void {
  const li = document.createElement('li');
  li.textContent = `${new Date().toLocaleTimeString('fr-FR')} — ${text}`;
  log.prepend(li);
}

function ready(): void {
  codeInput.value = '';
  codeInput.focus();
}

function setMode(m: Mode): void {
  codeForm.querySelector<HTMLInputElement>(`input[name="mode"][value="${m}"]`)!.checked = true;
  submit.textContent = m === 'sell' ? 'Vendre' : 'Vérifier et payer';
  cancelPayment();
  ready();
}

function cancelPayment(): void {
  pending = null;
  confirmBox.hidden = true;
}

async function signIn(key: string): Promise<boolean> {
  const candidate = new CounterApi(key);
  const r = await candidate.signIn();
  if (!r.ok) {
    signInMessage.textContent = refusalWords(r.error);
    signInMessage.hidden = false;
    return false;
  }
  signInMessage.hidden = true;
  api = candidate;
  sessionStorage.setItem(KEY_STORE, key);
  shop.textContent = `${r.value.shop} (${r.value.retailer})`;
  shop.hidden = false;
  signOut.hidden = false;
  signInForm.hidden = true;
  counter.hidden = false;
  say('Prêt. Scannez un ticket.', 'info');
  setMode('sell');
  return true;
}

async function onCode(): Promise<void> {
  if (!api || busy) return;
  const parsed = parseGameCode(codeInput.value);
  if (!parsed.ok) {
    say(CODE_PROBLEM[parsed.problem], 'bad');
    codeInput.select();
    return;
  }
  busy = true;
  try {
    if (mode() === 'sell') {
      const r = await api.sell(parsed.code);
      if (r.ok) {
        say(`Vendu : ticket N° ${r.value.serial}. Il peut être joué.`, 'ok');
        note(`vendu N° ${r.value.serial}`);
      } else say(refusalWords(r.error), 'bad');
      ready();
      return;
    }
    const r = await api.check(parsed.code);
    if (!r.ok) {
      say(refusalWords(r.error), 'bad');
      ready();
      return;
    }
    const v = r.value;
    if (v.status === 'finished' && v.prizeCents) {
      pending = { code: v.code, serial: v.serial, prizeCents: v.prizeCents };
      confirmText.textContent = `Ticket N° ${v.serial} gagnant : ${euros(v.prizeCents)}. Payer ce montant ?`;
      confirmPay.textContent = `Payer ${euros(v.prizeCents)} (Entrée)`;
      confirmBox.hidden = false;
      say('Confirmez le paiement.', 'info');
      confirmPay.focus();
      return;
    }
    say(statusWords(v), v.status === 'paid' || v.status === 'unsold' ? 'bad' : 'info');
    ready();
  } finally {
    busy = false;
  }
}

async function onConfirm(): Promise<void> {
  if (!api || !pending || busy) return;
  busy = true;
  const p = pending;
  cancelPayment();
  try {
    const r = await api.pay(p.code, p.prizeCents);
    if (r.ok) {
      say(`Payé : ${euros(r.value.paid.prizeCents)} pour le ticket N° ${r.value.serial}.`, 'ok');
      note(`N° ${r.value.serial} ${paidWords(r.value.paid)}`);
    } else say(refusalWords(r.error), 'bad');
  } finally {
    busy = false;
    ready();
  }
}

function showReport(r: DayReport): void {
  const body = report.tBodies[0]!;
  body.replaceChildren(
    ...r.shops.map((s) => {
      const tr = document.createElement('tr');
      const name = document.createElement('th');
      name.textContent = `${s.shop} (${s.retailer})`;
      tr.append(
        name,
        ...[String(s.ticketsSold), String(s.prizesPaid), euros(s.paidCents)].map((t) =>
          Object.assign(document.createElement('td'), { textContent: t }),
        ),
      );
      return tr;
    }),
  );
  const totals = report.tFoot!.rows[0]!.cells;
  totals[1]!.textContent = String(r.total.ticketsSold);
  totals[2]!.textContent = String(r.total.prizesPaid);
  totals[3]!.textContent = euros(r.total.paidCents);
  report.hidden = false;
}

async function onReport(): Promise<void> {
  if (!api) return;
  const r = await api.report(dayInput.value);
  if (r.ok) {
    showReport(r.value);
    say(
      `Rapport du ${r.value.day} : ${r.value.total.ticketsSold} ticket(s) vendu(s), ${r.value.total.prizesPaid} gain(s) payé(s).`,
      'info',
    );
  } else say(refusalWords(r.error), 'bad');
  codeInput.focus();
}

signInForm.addEventListener('submit', (e) => {
  e.preventDefault();
  void signIn(keyInput.value.trim()).then((ok) => {
    keyInput.value = '';
    if (!ok) keyInput.focus();
  });
});
signOut.addEventListener('click', () => {
  sessionStorage.removeItem(KEY_STORE);
  location.reload();
});
codeForm.addEventListener('submit', (e) => {
  e.preventDefault();
  void onCode();
});
// Only the mode's radio buttons: the code field's own change (fired on Enter) must not clear it.
$('modes').addEventListener('change', () => setMode(mode()));
confirmPay.addEventListener('click', () => void onConfirm());
confirmCancel.addEventListener('click', () => {
  cancelPayment();
  say('Paiement annulé.', 'info');
  ready();
});
reportForm.addEventListener('submit', (e) => {
  e.preventDefault();
  void onReport();
});
document.addEventListener('keydown', (e) => {
  if (!api) return;
  if (e.key === 'F1' || e.key === 'F2') {
    e.preventDefault();
    setMode(e.key === 'F1' ? 'sell' : 'pay');
  } else if (e.key === 'F3') {
    e.preventDefault();
    void onReport();
  } else if (pending && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
    // A scan or typing while a payment waits for Enter starts over on the code field: a scanner's Enter never pays.
    cancelPayment();
    say('Paiement annulé : nouveau code.', 'info');
    codeInput.value = '';
    codeInput.focus();
  } else if (
    e.key.length === 1 &&
    !e.ctrlKey &&
    !e.metaKey &&
    !e.altKey &&
    !(document.activeElement instanceof HTMLInputElement)
  ) {
    // A scan after a click elsewhere (the report, the log) still lands in the code field.
    codeInput.focus();
  } else if (e.key === 'Escape' && pending) {
    e.preventDefault();
    cancelPayment();
    say('Paiement annulé.', 'info');
    ready();
  }
});

dayInput.value = new Date().toISOString().slice(0, 10);
const kept = sessionStorage.getItem(KEY_STORE);
if (kept) void signIn(kept);
else keyInput.focus();
