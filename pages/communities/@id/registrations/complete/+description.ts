// https://vike.dev/description — its own, since the community page's description (inherited) needs the community.
import * as ja from '#src/i18n/ja';

export default ja.communities.completeBody;
