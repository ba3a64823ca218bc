/**
 * French typography: a no-break space before « ; : ! ? » and the closing guillemet, and after the opening one, so a
 * wrapped line never starts with a « ; » or ends on a lone « « ». Plain spaces there become no-break ones.
 */
export function frenchSpaces(s: string): string {
  return s.replace(/ ([;:!?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}
