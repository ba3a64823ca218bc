import type { CodeProblem } from '../protocol/game-code';
import type { ApiError, CounterTicketView, PaymentRecord, SaleRecord } from '../protocol/messages';

/** What the retailer's page says, in French: money, times, and one sentence for each refusal. */
const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
export const euros = (cents: number): string => money.format(cents / 100);

const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium' });
export const at = (iso: string): string => when.format(new Date(iso));

export const soldWords = (s: SaleRecord): string => `vendu le ${at(s.at)} par ${s.shop}`;
export const paidWords = (p: PaymentRecord): string => `payé ${euros(p.prizeCents)} le ${at(p.at)} par ${p.shop}`;

export const CODE_PROBLEM: Readonly<Record<CodeProblem, string>> = {
  empty: 'Scannez ou tapez le code du ticket.',
  length: 'Code incomplet ou trop long : 4 groupes de 6 caractères et 1 caractère de contrôle.',
  character: "Ce code contient un caractère qui n'existe pas sur les tickets.",
  check: 'Code mal saisi (caractère de contrôle faux) : vérifiez-le.',
};

/** A refusal from the server, in the retailer's words (with when and where for a ticket already sold or paid). */
export function refusalWords(e: ApiError['error']): string {
  switch (e.code) {
    case 'code-malformed':
      return 'Code mal saisi : vérifiez-le.';
    case 'code-unknown':
      return "Aucun ticket n'a ce code : vérifiez-le.";
    case 'ticket-unsold':
      return "Ce ticket n'a pas été vendu.";
    case 'ticket-already-sold':
      return e.sold ? `Déjà vendu : ${soldWords(e.sold)}.` : 'Ce ticket a déjà été vendu.';
    case 'ticket-already-paid':
      return e.paid
        ? `Déjà payé : ${paidWords(e.paid)}. Ne payez pas une deuxième fois.`
        : 'Ce ticket a déjà été payé.';
    case 'ticket-not-finished':
      return "Ce ticket n'a pas encore été joué jusqu'au bout : rien à payer pour l'instant.";
    case 'ticket-not-won':
      return 'Ticket perdant : rien à payer.';
    case 'amount-mismatch':
      return 'Le montant a changé : vérifiez le ticket à nouveau.';
    case 'too-many-attempts':
      return `Trop de codes erronés : réessayez dans ${e.retryAfterS ?? 60} s.`;
    case 'bad-retailer-key':
      return 'Clé du détaillant refusée.';
    default:
      return e.message === 'network' ? 'Serveur injoignable : réessayez.' : `Refusé : ${e.message}`;
  }
}

/** Where a ticket stands, for the pay flow when there is nothing to confirm. */
export function statusWords(v: CounterTicketView): string {
  switch (v.status) {
    case 'unsold':
      return `N° ${v.serial} : ce ticket n'a pas été vendu.`;
    case 'sold':
      return `N° ${v.serial} : vendu, pas encore joué.`;
    case 'in-play':
      return `N° ${v.serial} : en cours de jeu, rien à payer pour l'instant.`;
    case 'paid':
      return `N° ${v.serial} : déjà ${paidWords(v.paid!)}. Ne payez pas une deuxième fois.`;
    case 'finished':
      return v.prizeCents
        ? `N° ${v.serial} : gagnant, ${euros(v.prizeCents)}.`
        : `N° ${v.serial} : perdant, rien à payer.`;
  }
}
