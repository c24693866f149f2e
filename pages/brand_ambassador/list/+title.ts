import * as ja from '#src/i18n/ja';

export default `${ja.brandAmbassador.listTitle} | ${ja.site.name}`;
