import { ValidateBy, type ValidationArguments } from 'class-validator';
import { contrastWithWhite, MIN_CONTRAST } from '../../common/colour';

/**
 * Refuses a `#rrggbb` colour under which white text falls below MIN_CONTRAST, which is also the
 * accent as text on the white page (an empty value passes). The Settings screen offers the nearest
 * shade that passes (client/src/lib/colour.ts).
 */
export function ReadableUnderWhite() {
  return ValidateBy({
    name: 'readableUnderWhite',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || value === '' || contrastWithWhite(value) >= MIN_CONTRAST,
      // In plain words, not contrast ratios (issue 38): the screen offers the nearest shade that passes.
      defaultMessage: (args?: ValidationArguments) =>
        `${String(args?.value)} is too light: links in this colour, and white text on it, would be hard to read. Choose a darker shade.`,
    },
  });
}
