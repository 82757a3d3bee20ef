/// Names of the FIT profile's enumerations runlog shows (Profile.xlsx, "Types" sheet, FIT SDK
/// 21.218): `file`, `sport`, `sub_sport`, `lap_trigger`, `manufacturer`, `garmin_product`. Each
/// table is written as `value name;` pairs and read into a ``FITNameTable`` once, on first use:
/// sport and lap_trigger are looked up for every session and lap, which a file can hold by the
/// ten thousand.
enum FITNames {
    /// The profile name of `value` in `table`, nil when the profile has none.
    /// - Complexity: O(1).
    static func name(_ value: Int, in table: FITNameTable) -> String? {
        table.names[value]
    }

    /// Profile type `file`.
    static let file = FITNameTable("""
        1 device; 2 settings; 3 sport; 4 activity; 5 workout; 6 course;
        7 schedules; 9 weight; 10 totals; 11 goals; 14 blood_pressure; 15 monitoring_a;
        20 activity_summary; 28 monitoring_daily; 32 monitoring_b; 34 segment; 35 segment_list; 40 exd_configuration;
        247 mfg_range_min; 254 mfg_range_max;
        """)

    /// Profile type `sport`.
    static let sport = FITNameTable("""
        0 generic; 1 running; 2 cycling; 3 transition; 4 fitness_equipment; 5 swimming;
        6 basketball; 7 soccer; 8 tennis; 9 american_football; 10 training; 11 walking;
        12 cross_country_skiing; 13 alpine_skiing; 14 snowboarding; 15 rowing; 16 mountaineering; 17 hiking;
        18 multisport; 19 paddling; 20 flying; 21 e_biking; 22 motorcycling; 23 boating;
        24 driving; 25 golf; 26 hang_gliding; 27 horseback_riding; 28 hunting; 29 fishing;
        30 inline_skating; 31 rock_climbing; 32 sailing; 33 ice_skating; 34 sky_diving; 35 snowshoeing;
        36 snowmobiling; 37 stand_up_paddleboarding; 38 surfing; 39 wakeboarding; 40 water_skiing; 41 kayaking;
        42 rafting; 43 windsurfing; 44 kitesurfing; 45 tactical; 46 jumpmaster; 47 boxing;
        48 floor_climbing; 49 baseball; 53 diving; 56 shooting; 58 winter_sport; 59 grinding;
        62 hiit; 63 video_gaming; 64 racket; 65 wheelchair_push_walk; 66 wheelchair_push_run; 67 meditation;
        68 para_sport; 69 disc_golf; 70 team_sport; 71 cricket; 72 rugby; 73 hockey;
        74 lacrosse; 75 volleyball; 76 water_tubing; 77 wakesurfing; 78 water_sport; 79 archery;
        80 mixed_martial_arts; 81 motor_sports; 82 snorkeling; 83 dance; 84 jump_rope; 85 pool_apnea;
        86 mobility; 87 geocaching; 88 canoeing; 254 all;
        """)

    /// Profile type `sub_sport`.
    static let subSport = FITNameTable("""
        0 generic; 1 treadmill; 2 street; 3 trail; 4 track; 5 spin;
        6 indoor_cycling; 7 road; 8 mountain; 9 downhill; 10 recumbent; 11 cyclocross;
        12 hand_cycling; 13 track_cycling; 14 indoor_rowing; 15 elliptical; 16 stair_climbing; 17 lap_swimming;
        18 open_water; 19 flexibility_training; 20 strength_training; 21 warm_up; 22 match; 23 exercise;
        24 challenge; 25 indoor_skiing; 26 cardio_training; 27 indoor_walking; 28 e_bike_fitness; 29 bmx;
        30 casual_walking; 31 speed_walking; 32 bike_to_run_transition; 33 run_to_bike_transition; 34 swim_to_bike_transition; 35 atv;
        36 motocross; 37 backcountry; 38 resort; 39 rc_drone; 40 wingsuit; 41 whitewater;
        42 skate_skiing; 43 yoga; 44 pilates; 45 indoor_running; 46 gravel_cycling; 47 e_bike_mountain;
        48 commuting; 49 mixed_surface; 50 navigate; 51 track_me; 52 map; 53 single_gas_diving;
        54 multi_gas_diving; 55 gauge_diving; 56 apnea_diving; 57 apnea_hunting; 58 virtual_activity; 59 obstacle;
        62 breathing; 63 ccr_diving; 65 sail_race; 66 expedition; 67 ultra; 68 indoor_climbing;
        69 bouldering; 70 hiit; 71 indoor_grinding; 72 hunting_with_dogs; 73 amrap; 74 emom;
        75 tabata; 77 esport; 78 triathlon; 79 duathlon; 80 brick; 81 swim_run;
        82 adventure_race; 83 trucker_workout; 84 pickleball; 85 padel; 86 indoor_wheelchair_walk; 87 indoor_wheelchair_run;
        88 indoor_hand_cycling; 90 field; 91 ice; 92 ultimate; 93 platform; 94 squash;
        95 badminton; 96 racquetball; 97 table_tennis; 98 overland; 99 trolling_motor; 110 fly_canopy;
        111 fly_paraglide; 112 fly_paramotor; 113 fly_pressurized; 114 fly_navigate; 115 fly_timer; 116 fly_altimeter;
        117 fly_wx; 118 fly_vfr; 119 fly_ifr; 121 dynamic_apnea; 123 enduro; 124 rucking;
        125 rally; 126 pool_triathlon; 127 e_bike_enduro; 254 all;
        """)

    /// Profile type `lap_trigger`.
    static let lapTrigger = FITNameTable("""
        0 manual; 1 time; 2 distance; 3 position_start; 4 position_lap; 5 position_waypoint;
        6 position_marked; 7 session_end; 8 fitness_equipment;
        """)

    /// Profile type `manufacturer`.
    static let manufacturer = FITNameTable("""
        1 garmin; 2 garmin_fr405_antfs; 3 zephyr; 4 dayton; 5 idt; 6 srm;
        7 quarq; 8 ibike; 9 saris; 10 spark_hk; 11 tanita; 12 echowell;
        13 dynastream_oem; 14 nautilus; 15 dynastream; 16 timex; 17 metrigear; 18 xelic;
        19 beurer; 20 cardiosport; 21 a_and_d; 22 hmm; 23 suunto; 24 thita_elektronik;
        25 gpulse; 26 clean_mobile; 27 pedal_brain; 28 peaksware; 29 saxonar; 30 lemond_fitness;
        31 dexcom; 32 wahoo_fitness; 33 octane_fitness; 34 archinoetics; 35 the_hurt_box; 36 citizen_systems;
        37 magellan; 38 osynce; 39 holux; 40 concept2; 41 shimano; 42 one_giant_leap;
        43 ace_sensor; 44 brim_brothers; 45 xplova; 46 perception_digital; 47 bf1systems; 48 pioneer;
        49 spantec; 50 metalogics; 51 4iiiis; 52 seiko_epson; 53 seiko_epson_oem; 54 ifor_powell;
        55 maxwell_guider; 56 star_trac; 57 breakaway; 58 alatech_technology_ltd; 59 mio_technology_europe; 60 rotor;
        61 geonaute; 62 id_bike; 63 specialized; 64 wtek; 65 physical_enterprises; 66 north_pole_engineering;
        67 bkool; 68 cateye; 69 stages_cycling; 70 sigmasport; 71 tomtom; 72 peripedal;
        73 wattbike; 76 moxy; 77 ciclosport; 78 powerbahn; 79 acorn_projects_aps; 80 lifebeam;
        81 bontrager; 82 wellgo; 83 scosche; 84 magura; 85 woodway; 86 elite;
        87 nielsen_kellerman; 88 dk_city; 89 tacx; 90 direction_technology; 91 magtonic; 92 1partcarbon;
        93 inside_ride_technologies; 94 sound_of_motion; 95 stryd; 96 icg; 97 MiPulse; 98 bsx_athletics;
        99 look; 100 campagnolo_srl; 101 body_bike_smart; 102 praxisworks; 103 limits_technology; 104 topaction_technology;
        105 cosinuss; 106 fitcare; 107 magene; 108 giant_manufacturing_co; 109 tigrasport; 110 salutron;
        111 technogym; 112 bryton_sensors; 113 latitude_limited; 114 soaring_technology; 115 igpsport; 116 thinkrider;
        117 gopher_sport; 118 waterrower; 119 orangetheory; 120 inpeak; 121 kinetic; 122 johnson_health_tech;
        123 polar_electro; 124 seesense; 125 nci_technology; 126 iqsquare; 127 leomo; 128 ifit_com;
        129 coros_byte; 130 versa_design; 131 chileaf; 132 cycplus; 133 gravaa_byte; 134 sigeyi;
        135 coospo; 136 geoid; 137 bosch; 138 kyto; 139 kinetic_sports; 140 decathlon_byte;
        141 tq_systems; 142 tag_heuer; 143 keiser_fitness; 144 zwift_byte; 145 porsche_ep; 146 blackbird;
        147 meilan_byte; 148 ezon; 149 laisi; 150 myzone; 151 abawo; 152 bafang;
        153 luhong_technology; 255 development; 257 healthandlife; 258 lezyne; 259 scribe_labs; 260 zwift;
        261 watteam; 262 recon; 263 favero_electronics; 264 dynovelo; 265 strava; 266 precor;
        267 bryton; 268 sram; 269 navman; 270 cobi; 271 spivi; 272 mio_magellan;
        273 evesports; 274 sensitivus_gauge; 275 podoon; 276 life_time_fitness; 277 falco_e_motors; 278 minoura;
        279 cycliq; 280 luxottica; 281 trainer_road; 282 the_sufferfest; 283 fullspeedahead; 284 virtualtraining;
        285 feedbacksports; 286 omata; 287 vdo; 288 magneticdays; 289 hammerhead; 290 kinetic_by_kurt;
        291 shapelog; 292 dabuziduo; 293 jetblack; 294 coros; 295 virtugo; 296 velosense;
        297 cycligentinc; 298 trailforks; 299 mahle_ebikemotion; 300 nurvv; 301 microprogram; 302 zone5cloud;
        303 greenteg; 304 yamaha_motors; 305 whoop; 306 gravaa; 307 onelap; 308 monark_exercise;
        309 form; 310 decathlon; 311 syncros; 312 heatup; 313 cannondale; 314 true_fitness;
        315 RGT_cycling; 316 vasa; 317 race_republic; 318 fazua; 319 oreka_training; 320 lsec;
        321 lululemon_studio; 322 shanyue; 323 spinning_mda; 324 hilldating; 325 aero_sensor; 326 nike;
        327 magicshine; 328 ictrainer; 329 absolute_cycling; 330 eo_swimbetter; 331 mywhoosh; 332 ravemen;
        333 tektro_racing_products; 334 darad_innovation_corporation; 335 cycloptim; 337 runna; 339 zepp; 340 peloton;
        341 carv; 342 tissot; 345 real_velo; 346 wetech; 347 jespr; 348 huawei;
        349 gotoes; 350 cadence_app; 351 una_watch; 352 tymewear; 353 exposure_lights; 354 forto_cycling;
        5759 actigraphcorp;
        """)

    /// Profile type `garmin_product`.
    static let garminProduct = FITNameTable("""
        1 hrm1; 2 axh01; 3 axb01; 4 axb02; 5 hrm2ss; 6 dsi_alf02;
        7 hrm3ss; 8 hrm_run_single_byte_product_id; 9 bsm; 10 bcm; 11 axs01; 12 hrm_tri_single_byte_product_id;
        13 hrm4_run_single_byte_product_id; 14 fr225_single_byte_product_id; 15 gen3_bsm_single_byte_product_id; 16 gen3_bcm_single_byte_product_id; 22 hrm_fit_single_byte_product_id; 255 OHR;
        473 fr301_china; 474 fr301_japan; 475 fr301_korea; 494 fr301_taiwan; 717 fr405; 782 fr50;
        987 fr405_japan; 988 fr60; 1011 dsi_alf01; 1018 fr310xt; 1036 edge500; 1124 fr110;
        1169 edge800; 1199 edge500_taiwan; 1213 edge500_japan; 1253 chirp; 1274 fr110_japan; 1325 edge200;
        1328 fr910xt; 1333 edge800_taiwan; 1334 edge800_japan; 1341 alf04; 1345 fr610; 1360 fr210_japan;
        1380 vector_ss; 1381 vector_cp; 1386 edge800_china; 1387 edge500_china; 1405 approach_g10; 1410 fr610_japan;
        1422 edge500_korea; 1436 fr70; 1446 fr310xt_4t; 1461 amx; 1482 fr10; 1497 edge800_korea;
        1499 swim; 1537 fr910xt_china; 1551 fenix; 1555 edge200_taiwan; 1561 edge510; 1567 edge810;
        1570 tempe; 1600 fr910xt_japan; 1623 fr620; 1632 fr220; 1664 fr910xt_korea; 1688 fr10_japan;
        1721 edge810_japan; 1735 virb_elite; 1736 edge_touring; 1742 edge510_japan; 1743 hrm_tri; 1752 hrm_run;
        1765 fr920xt; 1821 edge510_asia; 1822 edge810_china; 1823 edge810_taiwan; 1836 edge1000; 1837 vivo_fit;
        1853 virb_remote; 1885 vivo_ki; 1903 fr15; 1907 vivo_active; 1918 edge510_korea; 1928 fr620_japan;
        1929 fr620_china; 1930 fr220_japan; 1931 fr220_china; 1936 approach_s6; 1956 vivo_smart; 1967 fenix2;
        1988 epix; 2050 fenix3; 2052 edge1000_taiwan; 2053 edge1000_japan; 2061 fr15_japan; 2067 edge520;
        2070 edge1000_china; 2072 fr620_russia; 2073 fr220_russia; 2079 vector_s; 2100 edge1000_korea; 2130 fr920xt_taiwan;
        2131 fr920xt_china; 2132 fr920xt_japan; 2134 virbx; 2135 vivo_smart_apac; 2140 etrex_touch; 2147 edge25;
        2148 fr25; 2150 vivo_fit2; 2153 fr225; 2156 fr630; 2157 fr230; 2158 fr735xt;
        2160 vivo_active_apac; 2161 vector_2; 2162 vector_2s; 2172 virbxe; 2173 fr620_taiwan; 2174 fr220_taiwan;
        2175 truswing; 2187 d2airvenu; 2188 fenix3_china; 2189 fenix3_twn; 2192 varia_headlight; 2193 varia_taillight_old;
        2204 edge_explore_1000; 2219 fr225_asia; 2225 varia_radar_taillight; 2226 varia_radar_display; 2238 edge20; 2260 edge520_asia;
        2261 edge520_japan; 2262 d2_bravo; 2266 approach_s20; 2271 vivo_smart2; 2274 edge1000_thai; 2276 varia_remote;
        2288 edge25_asia; 2289 edge25_jpn; 2290 edge20_asia; 2292 approach_x40; 2293 fenix3_japan; 2294 vivo_smart_emea;
        2310 fr630_asia; 2311 fr630_jpn; 2313 fr230_jpn; 2327 hrm4_run; 2332 epix_japan; 2337 vivo_active_hr;
        2347 vivo_smart_gps_hr; 2348 vivo_smart_hr; 2361 vivo_smart_hr_asia; 2362 vivo_smart_gps_hr_asia; 2368 vivo_move; 2379 varia_taillight;
        2396 fr235_asia; 2397 fr235_japan; 2398 varia_vision; 2406 vivo_fit3; 2407 fenix3_korea; 2408 fenix3_sea;
        2413 fenix3_hr; 2417 virb_ultra_30; 2429 index_smart_scale; 2431 fr235; 2432 fenix3_chronos; 2441 oregon7xx;
        2444 rino7xx; 2457 epix_korea; 2473 fenix3_hr_chn; 2474 fenix3_hr_twn; 2475 fenix3_hr_jpn; 2476 fenix3_hr_sea;
        2477 fenix3_hr_kor; 2496 nautix; 2497 vivo_active_hr_apac; 2503 fr35; 2512 oregon7xx_ww; 2530 edge_820;
        2531 edge_explore_820; 2533 fr735xt_apac; 2534 fr735xt_japan; 2544 fenix5s; 2547 d2_bravo_titanium; 2567 varia_ut800;
        2593 running_dynamics_pod; 2599 edge_820_china; 2600 edge_820_japan; 2604 fenix5x; 2606 vivo_fit_jr; 2622 vivo_smart3;
        2623 vivo_sport; 2628 edge_820_taiwan; 2629 edge_820_korea; 2630 edge_820_sea; 2650 fr35_hebrew; 2656 approach_s60;
        2667 fr35_apac; 2668 fr35_japan; 2675 fenix3_chronos_asia; 2687 virb_360; 2691 fr935; 2697 fenix5;
        2700 vivoactive3; 2713 edge_1030; 2727 fr35_sea; 2733 fr235_china_nfc; 2769 foretrex_601_701; 2772 vivo_move_hr;
        2787 vector_3; 2796 fenix5_asia; 2797 fenix5s_asia; 2798 fenix5x_asia; 2806 approach_z80; 2814 fr35_korea;
        2819 d2charlie; 2831 vivo_smart3_apac; 2832 vivo_sport_apac; 2833 fr935_asia; 2859 descent; 2878 vivo_fit4;
        2886 fr645; 2888 fr645m; 2891 fr30; 2900 fenix5s_plus; 2909 Edge_130; 2924 edge_1030_asia;
        2927 vivosmart_4; 2945 vivo_move_hr_asia; 2962 approach_x10; 2977 fr30_asia; 2988 vivoactive3m_w; 3003 fr645_asia;
        3004 fr645m_asia; 3011 edge_explore; 3028 gpsmap66; 3049 approach_s10; 3066 vivoactive3m_l; 3076 fr245;
        3077 fr245_music; 3085 approach_g80; 3092 edge_130_asia; 3095 edge_1030_bontrager; 3110 fenix5_plus; 3111 fenix5x_plus;
        3112 edge_520_plus; 3113 fr945; 3121 edge_530; 3122 edge_830; 3126 instinct_esports; 3134 fenix5s_plus_apac;
        3135 fenix5x_plus_apac; 3142 edge_520_plus_apac; 3143 descent_t1; 3144 fr235l_asia; 3145 fr245_asia; 3163 vivo_active3m_apac;
        3192 gen3_bsm; 3193 gen3_bcm; 3218 vivo_smart4_asia; 3224 vivoactive4_small; 3225 vivoactive4_large; 3226 venu;
        3246 marq_driver; 3247 marq_aviator; 3248 marq_captain; 3249 marq_commander; 3250 marq_expedition; 3251 marq_athlete;
        3258 descent_mk2; 3282 fr45; 3284 gpsmap66i; 3287 fenix6S_sport; 3288 fenix6S; 3289 fenix6_sport;
        3290 fenix6; 3291 fenix6x; 3299 hrm_dual; 3300 hrm_pro; 3308 vivo_move3_premium; 3314 approach_s40;
        3321 fr245m_asia; 3349 edge_530_apac; 3350 edge_830_apac; 3378 vivo_move3; 3387 vivo_active4_small_asia; 3388 vivo_active4_large_asia;
        3389 vivo_active4_oled_asia; 3405 swim2; 3420 marq_driver_asia; 3421 marq_aviator_asia; 3422 vivo_move3_asia; 3441 fr945_asia;
        3446 vivo_active3t_chn; 3448 marq_captain_asia; 3449 marq_commander_asia; 3450 marq_expedition_asia; 3451 marq_athlete_asia; 3461 index_smart_scale_2;
        3466 instinct_solar; 3469 fr45_asia; 3473 vivoactive3_daimler; 3498 legacy_rey; 3499 legacy_darth_vader; 3500 legacy_captain_marvel;
        3501 legacy_first_avenger; 3512 fenix6s_sport_asia; 3513 fenix6s_asia; 3514 fenix6_sport_asia; 3515 fenix6_asia; 3516 fenix6x_asia;
        3535 legacy_captain_marvel_asia; 3536 legacy_first_avenger_asia; 3537 legacy_rey_asia; 3538 legacy_darth_vader_asia; 3542 descent_mk2s; 3558 edge_130_plus;
        3570 edge_1030_plus; 3578 rally_200; 3589 fr745; 3596 venusq_music; 3599 venusq_music_v2; 3600 venusq;
        3615 lily; 3624 marq_adventurer; 3638 enduro; 3639 swim2_apac; 3648 marq_adventurer_asia; 3652 fr945_lte;
        3702 descent_mk2_asia; 3703 venu2; 3704 venu2s; 3737 venu_daimler_asia; 3739 marq_golfer; 3740 venu_daimler;
        3794 fr745_asia; 3808 varia_rct715; 3809 lily_asia; 3812 edge_1030_plus_asia; 3813 edge_130_plus_asia; 3823 approach_s12;
        3837 venusq_asia; 3843 edge_1040; 3850 marq_golfer_asia; 3851 venu2_plus; 3865 gnss; 3869 fr55;
        3872 enduro_asia; 3888 instinct_2; 3889 instinct_2s; 3905 fenix7s; 3906 fenix7; 3907 fenix7x;
        3908 fenix7s_apac; 3909 fenix7_apac; 3910 fenix7x_apac; 3927 approach_g12; 3930 descent_mk2s_asia; 3934 approach_s42;
        3943 epix_gen2; 3944 epix_gen2_apac; 3949 venu2s_asia; 3950 venu2_asia; 3978 fr945_lte_asia; 3982 vivo_move_sport;
        3983 vivomove_trend; 3986 approach_S12_asia; 3990 fr255_music; 3991 fr255_small_music; 3992 fr255; 3993 fr255_small;
        4001 approach_g12_asia; 4002 approach_s42_asia; 4005 descent_g1; 4017 venu2_plus_asia; 4024 fr955; 4033 fr55_asia;
        4061 edge_540; 4062 edge_840; 4063 vivosmart_5; 4071 instinct_2_asia; 4105 marq_gen2; 4115 venusq2;
        4116 venusq2music; 4124 marq_gen2_aviator; 4125 d2_air_x10; 4130 hrm_pro_plus; 4132 descent_g1_asia; 4135 tactix7;
        4155 instinct_crossover; 4169 edge_explore2; 4222 descent_mk3; 4223 descent_mk3i; 4233 approach_s70; 4257 fr265_large;
        4258 fr265_small; 4260 venu3; 4261 venu3s; 4265 tacx_neo_smart; 4266 tacx_neo2_smart; 4267 tacx_neo2_t_smart;
        4268 tacx_neo_smart_bike; 4269 tacx_satori_smart; 4270 tacx_flow_smart; 4271 tacx_vortex_smart; 4272 tacx_bushido_smart; 4273 tacx_genius_smart;
        4274 tacx_flux_flux_s_smart; 4275 tacx_flux2_smart; 4276 tacx_magnum; 4305 edge_1040_asia; 4312 epix_gen2_pro_42; 4313 epix_gen2_pro_47;
        4314 epix_gen2_pro_51; 4315 fr965; 4341 enduro2; 4374 fenix7s_pro_solar; 4375 fenix7_pro_solar; 4376 fenix7x_pro_solar;
        4380 lily2; 4394 instinct_2x; 4426 vivoactive5; 4432 fr165; 4433 fr165_music; 4440 edge_1050;
        4442 descent_t2; 4446 hrm_fit; 4472 marq_gen2_commander; 4477 lily_athlete; 4525 rally_x10; 4532 fenix8_solar;
        4533 fenix8_solar_large; 4534 fenix8_small; 4536 fenix8; 4556 d2_mach1_pro; 4565 fr970; 4570 fr570_large;
        4574 fr570_small; 4575 enduro3; 4583 instinctE_40mm; 4584 instinctE_45mm; 4585 instinct3_solar_45mm; 4586 instinct3_amoled_45mm;
        4587 instinct3_amoled_50mm; 4588 descent_g2; 4595 fenix7_pro_solar_no_wifi; 4603 venu_x1; 4606 hrm_200; 4625 vivoactive6;
        4631 fenix8_pro; 4633 edge_550; 4634 edge_850; 4643 venu4; 4644 venu4s; 4647 approachS44;
        4655 edge_mtb; 4656 approachS50; 4666 fenix_e; 4678 instinct_crossover_amoled; 4745 bounce2; 4759 instinct3_solar_50mm;
        4775 tactix8_amoled; 4776 tactix8_solar; 4814 fr170_music; 4815 fr170; 4825 approach_j1; 4874 approach_s72_43mm;
        4875 approach_s72_47mm; 4879 d2_mach2; 4916 fr70_2026; 4944 d2_air_x15; 4952 fenix9_pro_43mm; 4953 fenix9_pro_47mm;
        4954 fenix9_pro_51mm; 4955 fenix9_pro_solar_47mm; 4956 fenix9_pro_solar_51mm; 5019 cirqa_smart_band; 5056 d2_mach2_pro; 5133 fenix9_43mm;
        5134 fenix9; 5169 enduro4; 10007 sdm4; 10014 edge_remote; 20119 training_center; 20533 tacx_training_app_win;
        20534 tacx_training_app_mac; 20565 tacx_training_app_mac_catalyst; 30045 tacx_training_app_android; 30046 tacx_training_app_ios; 30047 tacx_training_app_legacy; 30059 training_peaks_virtual_ios;
        30060 training_peaks_virtual_android; 30061 training_peaks_virtual_windows; 30062 training_peaks_virtual_mac_os; 30063 training_peaks_virtual_apple_tv; 65531 connectiq_simulator; 65532 android_antplus_plugin;
        65534 connect;
        """)

}
