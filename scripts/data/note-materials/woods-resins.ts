import { ARCTANDER, C, type Entry, entry, GLOSSARY, TY } from './shared.ts';

/** Woods, resins, balsams and mosses. */
export const WOODS_RESINS: readonly Entry[] = [
  // Woods.
  entry(
    ['sandalwood'],
    'ISO 3518, oil of sandalwood (Santalum album): (Z)-alpha-santalol and (Z)-beta-santalol',
    [C.santalol, ['8006-87-9', 'Sandalwood oil']],
    ['Sandalwood oil'],
  ),
  entry(
    ['australian sandalwood'],
    `${TY}, Australian sandalwood oil (Santalum spicatum): santalols with farnesol and nuciferol`,
    [C.santalol, ['8024-35-9', 'Sandalwood oil, Australian']],
    ['Sandalwood oil, Australian'],
  ),
  entry(
    ['cedarwood', 'cedar'],
    'ISO 4724, oil of cedarwood, Virginian (Juniperus virginiana): alpha-cedrene, thujopsene and cedrol',
    [C.aCedrene, C.cedrol, ['8000-27-9', 'Cedarwood oil, Virginian']],
    ['Cedarwood oil, Virginian', 'Cedarwood Virginian Essential Oil from PW'],
  ),
  entry(
    ['atlas cedar'],
    `${TY}, Atlas cedarwood oil (Cedrus atlantica): beta-himachalene, alpha- and gamma-himachalene, atlantones`,
    [['92201-55-3', 'Cedarwood oil, Atlas']],
    ['Cedarwood oil, Atlas', 'Atlas Cedarwood Essential Oil from PW'],
  ),
  entry(
    ['himalayan cedar'],
    `${TY}, Himalayan cedarwood oil (Cedrus deodara): himachalenes and atlantones`,
    [['68991-36-6', 'Cedarwood oil, Himalaya']],
    ['Cedarwood oil, Himalaya'],
  ),
  entry(
    ['thuja', 'white cedar'],
    `${TY}, thuja (cedar leaf) oil (Thuja occidentalis): alpha-thujone, fenchone, beta-thujone`,
    [C.aThujone, C.bThujone],
    ['Cedar leaf oil'],
  ),
  entry(
    ['patchouli'],
    'ISO 3757, oil of patchouli (Pogostemon cablin): patchoulol, with alpha-bulnesene and alpha-guaiene',
    [C.patchoulol, ['3691-12-1', 'alpha-Guaiene'], ['8014-09-3', 'Patchouli oil']],
    ['Patchouli Essential Oil from PW'],
  ),
  entry(
    ['vetiver'],
    'ISO 4716, oil of vetiver (Chrysopogon zizanioides): khusimol, vetiselinenol and the vetivones',
    [['8016-96-4', 'Vetiver oil']],
    ['Vetiver oil (all origins)', 'Vetiver Essential Oil from PW'],
  ),
  entry(
    ['guaiac wood'],
    `${ARCTANDER}, guaiacwood oil (Bulnesia sarmientoi): guaiol and bulnesol`,
    [['8016-23-7', 'Guaiac wood oil']],
    ['Guaiac wood oil'],
  ),
  entry(
    ['oud'],
    `${TY}, agarwood (oud) oil (Aquilaria): agarofurans, guaiane and eudesmane sesquiterpenes, chromones`,
    [['94350-09-1', 'Agarwood oil']],
    ['Agarwood Oil Siam from PW'],
  ),
  entry(['cypriol'], `${TY}, cypriol (nagarmotha) oil (Cyperus scariosus): cyperene, cyperone, rotundone`, [
    ['68917-81-7', 'Cypriol oil'],
  ]),
  entry(
    ['rosewood', 'palisander rosewood', 'brazilian rosewood'],
    `${TY}, rosewood oil (Aniba rosaeodora): linalool makes up most of the oil`,
    [C.linalool, ['8015-77-8', 'Rosewood oil']],
    ['Rosewood oil'],
  ),
  entry(
    ['amyris'],
    `${TY}, amyris oil (Amyris balsamifera): valerianol, elemol, beta-eudesmol`,
    [['8015-65-4', 'Amyris oil']],
    ['Amyris Essential Oil from PW'],
  ),
  entry(
    ['cypress'],
    `${TY}, cypress oil (Cupressus sempervirens): alpha-pinene and delta-3-carene`,
    [C.aPinene, C.carene, ['8013-86-3', 'Cypress oil']],
    ['Cypress oil', 'Cypress Essential Oil from PW'],
  ),
  entry(
    ['pine'],
    `${TY}, Scots pine needle oil (Pinus sylvestris): alpha-pinene, delta-3-carene, beta-pinene, limonene`,
    [C.aPinene, C.carene, C.bPinene, C.limonene],
    ['Pine needle oil'],
  ),
  entry(
    ['fir', 'fir balsam'],
    `${TY}, fir needle oils (Abies): bornyl acetate, camphene, alpha-pinene, limonene`,
    [C.aPinene, C.limonene, ['76-49-3', 'Bornyl acetate']],
    [
      'Fir needle oil, Siberian',
      'Fir needle oil, Canadian',
      'Abies alba needle oil',
      'Fir Essential Oil from PW',
    ],
  ),
  entry(
    ['juniper'],
    `${TY}, juniper berry oil (Juniperus communis): alpha-pinene, myrcene, sabinene, limonene`,
    [C.aPinene, C.myrcene, C.sabinene, C.limonene, ['8002-68-4', 'Juniper berry oil']],
    ['Juniper berry oil'],
  ),
  entry(['birch tar'], `${GLOSSARY}: birch tar oil, rectified ("Woody, Warm, Smoky")`, [
    ['8001-88-5', 'Birch tar oil, rectified'],
  ]),
  entry(['cade'], `${GLOSSARY}: cade oil ("Smoky, Phenolic, Leathery")`, [['8013-10-3', 'Cade oil']]),
  // Resins and balsams.
  entry(
    ['frankincense'],
    `${TY}, frankincense (olibanum) oil (Boswellia carterii / sacra): alpha-pinene, limonene, alpha-thujene, myrcene, sabinene`,
    [C.aPinene, C.limonene, C.myrcene, C.sabinene, ['8016-36-2', 'Olibanum oil']],
    [
      'Olibanum oil',
      'Olibanum carterii oil',
      'Olibanum sacra oil',
      'Olibanum absolute',
      'Olibanum Essential Oil from PW',
    ],
  ),
  entry(['myrrh'], `${TY}, myrrh oil (Commiphora myrrha): furanoeudesma-1,3-diene, curzerene, lindestrene`, [
    ['8016-37-3', 'Myrrh oil'],
  ]),
  entry(
    ['opoponax'],
    `${TY}, opopanax oil (Commiphora guidottii): (E)-beta-ocimene, alpha-santalene, bisabolenes`,
    [['8021-36-1', 'Opoponax oil']],
  ),
  entry(
    ['labdanum'],
    `${ARCTANDER}, labdanum (Cistus ladanifer) resinoid and absolute; ${GLOSSARY}: cistus absolute ("Amber, Woody, Dry")`,
    [['8016-26-0', 'Labdanum (cistus)']],
    ['Labdanum oil', 'Cistus oil', 'Cistus absolute', 'Labdanum Absolute from PW'],
  ),
  entry(
    ['benzoin'],
    `${ARCTANDER}, benzoin resinoids (Siam: Styrax tonkinensis; Sumatra: Styrax benzoin): benzoic and cinnamic esters such as benzyl benzoate, with vanillin`,
    [C.benzylBenzoate, C.vanillin],
  ),
  // The supplier's benzoin resinoids are cut with benzyl benzoate (89 % in the Sumatra row): solvent, not benzoin.
  entry(
    ['siam benzoin', 'benzoin siam'],
    `${ARCTANDER}, Siam benzoin resinoid (Styrax tonkinensis): coniferyl benzoate, benzoic acid, benzyl benzoate, vanillin`,
    [C.benzylBenzoate, C.vanillin, ['9000-72-0', 'Benzoin, Siam']],
    ['Benzoin resinoid, Siam'],
  ),
  entry(
    ['sumatra benzoin', 'benzoin sumatra'],
    `${ARCTANDER}, Sumatra benzoin resinoid (Styrax benzoin): cinnamic acid and its esters, benzoic acid, vanillin`,
    [C.benzylCinnamate, C.vanillin, ['9000-05-9', 'Benzoin, Sumatra']],
    ['Benzoin resinoid, Sumatra', 'Benzoin infusion, Sumatra'],
  ),
  entry(['peru balsam'], `${TY}, Peru balsam (Myroxylon pereirae): benzyl benzoate and benzyl cinnamate`, [
    C.benzylBenzoate,
    C.benzylCinnamate,
    ['8007-00-9', 'Peru balsam'],
  ]),
  entry(['tolu balsam'], `${TY}, tolu balsam (Myroxylon balsamum): benzyl benzoate and benzyl cinnamate`, [
    C.benzylBenzoate,
    C.benzylCinnamate,
  ]),
  entry(
    ['styrax'],
    `${ARCTANDER}, styrax (Liquidambar) resinoid: cinnamyl cinnamate, styrene, cinnamic alcohol, benzyl cinnamate`,
    [['104-54-1', 'Cinnamyl alcohol'], C.benzylCinnamate, ['8046-19-3', 'Styrax']],
    ['Styrax resinoid', 'Styrax oil', 'Styrax absolute'],
  ),
  entry(
    ['elemi'],
    `${TY}, elemi oil (Canarium luzonicum): limonene, elemol, alpha-phellandrene`,
    [C.limonene, C.aPhellandrene, ['8023-89-0', 'Elemi oil']],
    ['Elemi oil', 'Elemi Essential Oil from PW'],
  ),
  entry(['copaiba'], `${TY}, copaiba balsam oil (Copaifera): beta-caryophyllene`, [
    C.caryophyllene,
    ['8001-61-4', 'Copaiba balsam'],
  ]),
  entry(['gurjun balsam'], `${TY}, gurjun balsam oil (Dipterocarpus): alpha-gurjunene, beta-caryophyllene`, [
    C.caryophyllene,
    ['8030-55-5', 'Gurjun balsam'],
  ]),
  entry(
    ['mastic'],
    `${TY}, mastic oil (Pistacia lentiscus): alpha-pinene, myrcene, beta-pinene`,
    [C.aPinene, C.myrcene, C.bPinene],
    ['Mastic oil', 'Mastic absolute'],
  ),
  entry(
    ['oakmoss'],
    'The oakmoss note is oakmoss (Evernia prunastri) extract, itself on the EU allergen list; "moss" in perfumery is oakmoss or treemoss',
    [['90028-68-5', 'Evernia prunastri extract']],
  ),
  entry(
    ['treemoss'],
    'The treemoss note is treemoss (Evernia furfuracea) extract, itself on the EU allergen list',
    [['90028-67-4', 'Evernia furfuracea extract']],
  ),
];
