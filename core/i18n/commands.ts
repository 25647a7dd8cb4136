import type {
  APIApplicationCommandOption,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { type CatalogueDefinition, discordLocalizations, type Messages, translator } from './catalogue.ts';
import { DEFAULT_LOCALE } from './locales.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A slash command option as a command file writes it: its texts come from the catalogue. */
export type OptionOutline = DistributiveOmit<APIApplicationCommandOption, 'description' | 'options'> & {
  options?: readonly OptionOutline[];
};

/** A slash command as a command file writes it: name, options and settings; no texts. */
export type CommandOutline = Omit<RESTPostAPIChatInputApplicationCommandsJSONBody, 'description' | 'options'> & {
  options?: readonly OptionOutline[];
};

interface Node {
  name: string;
  options?: readonly Node[];
}

/**
 * What Discord registers for a command: its outline with, for the command and each option (subcommands included),
 * the description in English (Discord's default) and the name and description in every other locale, from the
 * plugin's catalogue keys `command.<path>.name` and `command.<path>.description`, where the path is the names from
 * the command down (`kitchen.close.reason`). A key the catalogue lacks fails at once (the module's load).
 */
export function localizeCommand<English extends Messages>(
  catalogue: CatalogueDefinition<English>,
  outline: CommandOutline,
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  return localizeNode(catalogue, outline.name, outline) as RESTPostAPIChatInputApplicationCommandsJSONBody;
}

function localizeNode(catalogue: CatalogueDefinition<Messages>, path: string, node: Node): object {
  const name = `command.${path}.name`;
  const description = `command.${path}.description`;
  const english = translator(catalogue)(DEFAULT_LOCALE)(name);
  if (english !== node.name)
    throw new Error(`${catalogue.name}: ${name} is "${english}" in English, not "${node.name}"`);
  return {
    ...node,
    description: translator(catalogue)(DEFAULT_LOCALE)(description),
    name_localizations: discordLocalizations(catalogue, name),
    description_localizations: discordLocalizations(catalogue, description),
    ...(node.options
      ? { options: node.options.map((option) => localizeNode(catalogue, `${path}.${option.name}`, option)) }
      : {}),
  };
}
