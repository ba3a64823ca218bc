import { describe, expect, it } from 'vitest';
import { frenchSpaces } from './french-spaces';
import { I18n } from './index';

describe('frenchSpaces', () => {
  it('binds high punctuation and guillemets to their word', () => {
    expect(frenchSpaces('continuer ; vous')).toBe('continuer\u00a0; vous');
    expect(frenchSpaces('Solde : 2 € !')).toBe('Solde\u00a0: 2 €\u00a0!');
    expect(frenchSpaces('« seed »')).toBe('«\u00a0seed\u00a0»');
  });
  it('is applied to every French string of the game, never to English ones', () => {
    const fr = new I18n('fr');
    expect(fr.t('balanceTooLow', { price: '2,00 €' })).not.toMatch(/ [;:!?»]/);
    expect(fr.t('seedRefused')).toContain('«\u00a0seed\u00a0»');
    const en = new I18n('en');
    expect(en.t('balanceTooLow', { price: '€2.00' })).toBe('Balance too low: a ticket costs €2.00.');
  });
});
