// A token ring of one master and 20 transmitters under a SystemC-like scheduler, written by
// tests/bench/token_ring_scaled.py (--sizes 20): the generator's dives must end an execution.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int m_pc = 0;
int m_st;
int m_i;
int M_E = 2;
int E_M = 2;
int t1_pc = 0;
int t1_st;
int t1_i;
int T1_E = 2;
int E_1 = 2;
int t2_pc = 0;
int t2_st;
int t2_i;
int T2_E = 2;
int E_2 = 2;
int t3_pc = 0;
int t3_st;
int t3_i;
int T3_E = 2;
int E_3 = 2;
int t4_pc = 0;
int t4_st;
int t4_i;
int T4_E = 2;
int E_4 = 2;
int t5_pc = 0;
int t5_st;
int t5_i;
int T5_E = 2;
int E_5 = 2;
int t6_pc = 0;
int t6_st;
int t6_i;
int T6_E = 2;
int E_6 = 2;
int t7_pc = 0;
int t7_st;
int t7_i;
int T7_E = 2;
int E_7 = 2;
int t8_pc = 0;
int t8_st;
int t8_i;
int T8_E = 2;
int E_8 = 2;
int t9_pc = 0;
int t9_st;
int t9_i;
int T9_E = 2;
int E_9 = 2;
int t10_pc = 0;
int t10_st;
int t10_i;
int T10_E = 2;
int E_10 = 2;
int t11_pc = 0;
int t11_st;
int t11_i;
int T11_E = 2;
int E_11 = 2;
int t12_pc = 0;
int t12_st;
int t12_i;
int T12_E = 2;
int E_12 = 2;
int t13_pc = 0;
int t13_st;
int t13_i;
int T13_E = 2;
int E_13 = 2;
int t14_pc = 0;
int t14_st;
int t14_i;
int T14_E = 2;
int E_14 = 2;
int t15_pc = 0;
int t15_st;
int t15_i;
int T15_E = 2;
int E_15 = 2;
int t16_pc = 0;
int t16_st;
int t16_i;
int T16_E = 2;
int E_16 = 2;
int t17_pc = 0;
int t17_st;
int t17_i;
int T17_E = 2;
int E_17 = 2;
int t18_pc = 0;
int t18_st;
int t18_i;
int T18_E = 2;
int E_18 = 2;
int t19_pc = 0;
int t19_st;
int t19_i;
int T19_E = 2;
int E_19 = 2;
int t20_pc = 0;
int t20_st;
int t20_i;
int T20_E = 2;
int E_20 = 2;
int token;
int local;
void immediate_notify(void);

void master(void) {
  if (m_pc == 1) {
    goto wait;
  }
  while (1) {
    token = __VERIFIER_nondet_int();
    local = token;
    E_1 = 1;
    immediate_notify();
    E_1 = 2;
    m_pc = 1;
    m_st = 2;
    return;
  wait:
    if (token != local + 20) {
      reach_error();
    }
  }
}

void transmit1(void) {
  if (t1_pc == 1) {
    goto wait;
  }
  while (1) {
    t1_pc = 1;
    t1_st = 2;
    return;
  wait:
    token = token + 1;
    E_2 = 1;
    immediate_notify();
    E_2 = 2;
  }
}

void transmit2(void) {
  if (t2_pc == 1) {
    goto wait;
  }
  while (1) {
    t2_pc = 1;
    t2_st = 2;
    return;
  wait:
    token = token + 1;
    E_3 = 1;
    immediate_notify();
    E_3 = 2;
  }
}

void transmit3(void) {
  if (t3_pc == 1) {
    goto wait;
  }
  while (1) {
    t3_pc = 1;
    t3_st = 2;
    return;
  wait:
    token = token + 1;
    E_4 = 1;
    immediate_notify();
    E_4 = 2;
  }
}

void transmit4(void) {
  if (t4_pc == 1) {
    goto wait;
  }
  while (1) {
    t4_pc = 1;
    t4_st = 2;
    return;
  wait:
    token = token + 1;
    E_5 = 1;
    immediate_notify();
    E_5 = 2;
  }
}

void transmit5(void) {
  if (t5_pc == 1) {
    goto wait;
  }
  while (1) {
    t5_pc = 1;
    t5_st = 2;
    return;
  wait:
    token = token + 1;
    E_6 = 1;
    immediate_notify();
    E_6 = 2;
  }
}

void transmit6(void) {
  if (t6_pc == 1) {
    goto wait;
  }
  while (1) {
    t6_pc = 1;
    t6_st = 2;
    return;
  wait:
    token = token + 1;
    E_7 = 1;
    immediate_notify();
    E_7 = 2;
  }
}

void transmit7(void) {
  if (t7_pc == 1) {
    goto wait;
  }
  while (1) {
    t7_pc = 1;
    t7_st = 2;
    return;
  wait:
    token = token + 1;
    E_8 = 1;
    immediate_notify();
    E_8 = 2;
  }
}

void transmit8(void) {
  if (t8_pc == 1) {
    goto wait;
  }
  while (1) {
    t8_pc = 1;
    t8_st = 2;
    return;
  wait:
    token = token + 1;
    E_9 = 1;
    immediate_notify();
    E_9 = 2;
  }
}

void transmit9(void) {
  if (t9_pc == 1) {
    goto wait;
  }
  while (1) {
    t9_pc = 1;
    t9_st = 2;
    return;
  wait:
    token = token + 1;
    E_10 = 1;
    immediate_notify();
    E_10 = 2;
  }
}

void transmit10(void) {
  if (t10_pc == 1) {
    goto wait;
  }
  while (1) {
    t10_pc = 1;
    t10_st = 2;
    return;
  wait:
    token = token + 1;
    E_11 = 1;
    immediate_notify();
    E_11 = 2;
  }
}

void transmit11(void) {
  if (t11_pc == 1) {
    goto wait;
  }
  while (1) {
    t11_pc = 1;
    t11_st = 2;
    return;
  wait:
    token = token + 1;
    E_12 = 1;
    immediate_notify();
    E_12 = 2;
  }
}

void transmit12(void) {
  if (t12_pc == 1) {
    goto wait;
  }
  while (1) {
    t12_pc = 1;
    t12_st = 2;
    return;
  wait:
    token = token + 1;
    E_13 = 1;
    immediate_notify();
    E_13 = 2;
  }
}

void transmit13(void) {
  if (t13_pc == 1) {
    goto wait;
  }
  while (1) {
    t13_pc = 1;
    t13_st = 2;
    return;
  wait:
    token = token + 1;
    E_14 = 1;
    immediate_notify();
    E_14 = 2;
  }
}

void transmit14(void) {
  if (t14_pc == 1) {
    goto wait;
  }
  while (1) {
    t14_pc = 1;
    t14_st = 2;
    return;
  wait:
    token = token + 1;
    E_15 = 1;
    immediate_notify();
    E_15 = 2;
  }
}

void transmit15(void) {
  if (t15_pc == 1) {
    goto wait;
  }
  while (1) {
    t15_pc = 1;
    t15_st = 2;
    return;
  wait:
    token = token + 1;
    E_16 = 1;
    immediate_notify();
    E_16 = 2;
  }
}

void transmit16(void) {
  if (t16_pc == 1) {
    goto wait;
  }
  while (1) {
    t16_pc = 1;
    t16_st = 2;
    return;
  wait:
    token = token + 1;
    E_17 = 1;
    immediate_notify();
    E_17 = 2;
  }
}

void transmit17(void) {
  if (t17_pc == 1) {
    goto wait;
  }
  while (1) {
    t17_pc = 1;
    t17_st = 2;
    return;
  wait:
    token = token + 1;
    E_18 = 1;
    immediate_notify();
    E_18 = 2;
  }
}

void transmit18(void) {
  if (t18_pc == 1) {
    goto wait;
  }
  while (1) {
    t18_pc = 1;
    t18_st = 2;
    return;
  wait:
    token = token + 1;
    E_19 = 1;
    immediate_notify();
    E_19 = 2;
  }
}

void transmit19(void) {
  if (t19_pc == 1) {
    goto wait;
  }
  while (1) {
    t19_pc = 1;
    t19_st = 2;
    return;
  wait:
    token = token + 1;
    E_20 = 1;
    immediate_notify();
    E_20 = 2;
  }
}

void transmit20(void) {
  if (t20_pc == 1) {
    goto wait;
  }
  while (1) {
    t20_pc = 1;
    t20_st = 2;
    return;
  wait:
    token = token + 1;
    E_M = 1;
    immediate_notify();
    E_M = 2;
  }
}

int is_master_triggered(void) {
  if (m_pc == 1) {
    if (E_M == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit1_triggered(void) {
  if (t1_pc == 1) {
    if (E_1 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit2_triggered(void) {
  if (t2_pc == 1) {
    if (E_2 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit3_triggered(void) {
  if (t3_pc == 1) {
    if (E_3 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit4_triggered(void) {
  if (t4_pc == 1) {
    if (E_4 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit5_triggered(void) {
  if (t5_pc == 1) {
    if (E_5 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit6_triggered(void) {
  if (t6_pc == 1) {
    if (E_6 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit7_triggered(void) {
  if (t7_pc == 1) {
    if (E_7 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit8_triggered(void) {
  if (t8_pc == 1) {
    if (E_8 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit9_triggered(void) {
  if (t9_pc == 1) {
    if (E_9 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit10_triggered(void) {
  if (t10_pc == 1) {
    if (E_10 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit11_triggered(void) {
  if (t11_pc == 1) {
    if (E_11 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit12_triggered(void) {
  if (t12_pc == 1) {
    if (E_12 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit13_triggered(void) {
  if (t13_pc == 1) {
    if (E_13 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit14_triggered(void) {
  if (t14_pc == 1) {
    if (E_14 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit15_triggered(void) {
  if (t15_pc == 1) {
    if (E_15 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit16_triggered(void) {
  if (t16_pc == 1) {
    if (E_16 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit17_triggered(void) {
  if (t17_pc == 1) {
    if (E_17 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit18_triggered(void) {
  if (t18_pc == 1) {
    if (E_18 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit19_triggered(void) {
  if (t19_pc == 1) {
    if (E_19 == 1) {
      return 1;
    }
  }
  return 0;
}

int is_transmit20_triggered(void) {
  if (t20_pc == 1) {
    if (E_20 == 1) {
      return 1;
    }
  }
  return 0;
}

void init_threads(void) {
  if (m_i == 1) {
    m_st = 0;
  } else {
    m_st = 2;
  }
  if (t1_i == 1) {
    t1_st = 0;
  } else {
    t1_st = 2;
  }
  if (t2_i == 1) {
    t2_st = 0;
  } else {
    t2_st = 2;
  }
  if (t3_i == 1) {
    t3_st = 0;
  } else {
    t3_st = 2;
  }
  if (t4_i == 1) {
    t4_st = 0;
  } else {
    t4_st = 2;
  }
  if (t5_i == 1) {
    t5_st = 0;
  } else {
    t5_st = 2;
  }
  if (t6_i == 1) {
    t6_st = 0;
  } else {
    t6_st = 2;
  }
  if (t7_i == 1) {
    t7_st = 0;
  } else {
    t7_st = 2;
  }
  if (t8_i == 1) {
    t8_st = 0;
  } else {
    t8_st = 2;
  }
  if (t9_i == 1) {
    t9_st = 0;
  } else {
    t9_st = 2;
  }
  if (t10_i == 1) {
    t10_st = 0;
  } else {
    t10_st = 2;
  }
  if (t11_i == 1) {
    t11_st = 0;
  } else {
    t11_st = 2;
  }
  if (t12_i == 1) {
    t12_st = 0;
  } else {
    t12_st = 2;
  }
  if (t13_i == 1) {
    t13_st = 0;
  } else {
    t13_st = 2;
  }
  if (t14_i == 1) {
    t14_st = 0;
  } else {
    t14_st = 2;
  }
  if (t15_i == 1) {
    t15_st = 0;
  } else {
    t15_st = 2;
  }
  if (t16_i == 1) {
    t16_st = 0;
  } else {
    t16_st = 2;
  }
  if (t17_i == 1) {
    t17_st = 0;
  } else {
    t17_st = 2;
  }
  if (t18_i == 1) {
    t18_st = 0;
  } else {
    t18_st = 2;
  }
  if (t19_i == 1) {
    t19_st = 0;
  } else {
    t19_st = 2;
  }
  if (t20_i == 1) {
    t20_st = 0;
  } else {
    t20_st = 2;
  }
}

int exists_runnable_thread(void) {
  if (m_st == 0) {
    return 1;
  }
  if (t1_st == 0) {
    return 1;
  }
  if (t2_st == 0) {
    return 1;
  }
  if (t3_st == 0) {
    return 1;
  }
  if (t4_st == 0) {
    return 1;
  }
  if (t5_st == 0) {
    return 1;
  }
  if (t6_st == 0) {
    return 1;
  }
  if (t7_st == 0) {
    return 1;
  }
  if (t8_st == 0) {
    return 1;
  }
  if (t9_st == 0) {
    return 1;
  }
  if (t10_st == 0) {
    return 1;
  }
  if (t11_st == 0) {
    return 1;
  }
  if (t12_st == 0) {
    return 1;
  }
  if (t13_st == 0) {
    return 1;
  }
  if (t14_st == 0) {
    return 1;
  }
  if (t15_st == 0) {
    return 1;
  }
  if (t16_st == 0) {
    return 1;
  }
  if (t17_st == 0) {
    return 1;
  }
  if (t18_st == 0) {
    return 1;
  }
  if (t19_st == 0) {
    return 1;
  }
  if (t20_st == 0) {
    return 1;
  }
  return 0;
}

void eval(void) {
  while (1) {
    if (!exists_runnable_thread()) {
      break;
    }
    if (m_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        m_st = 1;
        master();
      }
    }
    if (t1_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t1_st = 1;
        transmit1();
      }
    }
    if (t2_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t2_st = 1;
        transmit2();
      }
    }
    if (t3_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t3_st = 1;
        transmit3();
      }
    }
    if (t4_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t4_st = 1;
        transmit4();
      }
    }
    if (t5_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t5_st = 1;
        transmit5();
      }
    }
    if (t6_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t6_st = 1;
        transmit6();
      }
    }
    if (t7_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t7_st = 1;
        transmit7();
      }
    }
    if (t8_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t8_st = 1;
        transmit8();
      }
    }
    if (t9_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t9_st = 1;
        transmit9();
      }
    }
    if (t10_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t10_st = 1;
        transmit10();
      }
    }
    if (t11_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t11_st = 1;
        transmit11();
      }
    }
    if (t12_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t12_st = 1;
        transmit12();
      }
    }
    if (t13_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t13_st = 1;
        transmit13();
      }
    }
    if (t14_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t14_st = 1;
        transmit14();
      }
    }
    if (t15_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t15_st = 1;
        transmit15();
      }
    }
    if (t16_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t16_st = 1;
        transmit16();
      }
    }
    if (t17_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t17_st = 1;
        transmit17();
      }
    }
    if (t18_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t18_st = 1;
        transmit18();
      }
    }
    if (t19_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t19_st = 1;
        transmit19();
      }
    }
    if (t20_st == 0) {
      int run = __VERIFIER_nondet_int();
      if (run) {
        t20_st = 1;
        transmit20();
      }
    }
  }
}

void fire_delta_events(void) {
  if (M_E == 0) {
    M_E = 1;
  }
  if (T1_E == 0) {
    T1_E = 1;
  }
  if (T2_E == 0) {
    T2_E = 1;
  }
  if (T3_E == 0) {
    T3_E = 1;
  }
  if (T4_E == 0) {
    T4_E = 1;
  }
  if (T5_E == 0) {
    T5_E = 1;
  }
  if (T6_E == 0) {
    T6_E = 1;
  }
  if (T7_E == 0) {
    T7_E = 1;
  }
  if (T8_E == 0) {
    T8_E = 1;
  }
  if (T9_E == 0) {
    T9_E = 1;
  }
  if (T10_E == 0) {
    T10_E = 1;
  }
  if (T11_E == 0) {
    T11_E = 1;
  }
  if (T12_E == 0) {
    T12_E = 1;
  }
  if (T13_E == 0) {
    T13_E = 1;
  }
  if (T14_E == 0) {
    T14_E = 1;
  }
  if (T15_E == 0) {
    T15_E = 1;
  }
  if (T16_E == 0) {
    T16_E = 1;
  }
  if (T17_E == 0) {
    T17_E = 1;
  }
  if (T18_E == 0) {
    T18_E = 1;
  }
  if (T19_E == 0) {
    T19_E = 1;
  }
  if (T20_E == 0) {
    T20_E = 1;
  }
  if (E_M == 0) {
    E_M = 1;
  }
  if (E_1 == 0) {
    E_1 = 1;
  }
  if (E_2 == 0) {
    E_2 = 1;
  }
  if (E_3 == 0) {
    E_3 = 1;
  }
  if (E_4 == 0) {
    E_4 = 1;
  }
  if (E_5 == 0) {
    E_5 = 1;
  }
  if (E_6 == 0) {
    E_6 = 1;
  }
  if (E_7 == 0) {
    E_7 = 1;
  }
  if (E_8 == 0) {
    E_8 = 1;
  }
  if (E_9 == 0) {
    E_9 = 1;
  }
  if (E_10 == 0) {
    E_10 = 1;
  }
  if (E_11 == 0) {
    E_11 = 1;
  }
  if (E_12 == 0) {
    E_12 = 1;
  }
  if (E_13 == 0) {
    E_13 = 1;
  }
  if (E_14 == 0) {
    E_14 = 1;
  }
  if (E_15 == 0) {
    E_15 = 1;
  }
  if (E_16 == 0) {
    E_16 = 1;
  }
  if (E_17 == 0) {
    E_17 = 1;
  }
  if (E_18 == 0) {
    E_18 = 1;
  }
  if (E_19 == 0) {
    E_19 = 1;
  }
  if (E_20 == 0) {
    E_20 = 1;
  }
}

void reset_events(void) {
  if (M_E == 1) {
    M_E = 2;
  }
  if (T1_E == 1) {
    T1_E = 2;
  }
  if (T2_E == 1) {
    T2_E = 2;
  }
  if (T3_E == 1) {
    T3_E = 2;
  }
  if (T4_E == 1) {
    T4_E = 2;
  }
  if (T5_E == 1) {
    T5_E = 2;
  }
  if (T6_E == 1) {
    T6_E = 2;
  }
  if (T7_E == 1) {
    T7_E = 2;
  }
  if (T8_E == 1) {
    T8_E = 2;
  }
  if (T9_E == 1) {
    T9_E = 2;
  }
  if (T10_E == 1) {
    T10_E = 2;
  }
  if (T11_E == 1) {
    T11_E = 2;
  }
  if (T12_E == 1) {
    T12_E = 2;
  }
  if (T13_E == 1) {
    T13_E = 2;
  }
  if (T14_E == 1) {
    T14_E = 2;
  }
  if (T15_E == 1) {
    T15_E = 2;
  }
  if (T16_E == 1) {
    T16_E = 2;
  }
  if (T17_E == 1) {
    T17_E = 2;
  }
  if (T18_E == 1) {
    T18_E = 2;
  }
  if (T19_E == 1) {
    T19_E = 2;
  }
  if (T20_E == 1) {
    T20_E = 2;
  }
  if (E_M == 1) {
    E_M = 2;
  }
  if (E_1 == 1) {
    E_1 = 2;
  }
  if (E_2 == 1) {
    E_2 = 2;
  }
  if (E_3 == 1) {
    E_3 = 2;
  }
  if (E_4 == 1) {
    E_4 = 2;
  }
  if (E_5 == 1) {
    E_5 = 2;
  }
  if (E_6 == 1) {
    E_6 = 2;
  }
  if (E_7 == 1) {
    E_7 = 2;
  }
  if (E_8 == 1) {
    E_8 = 2;
  }
  if (E_9 == 1) {
    E_9 = 2;
  }
  if (E_10 == 1) {
    E_10 = 2;
  }
  if (E_11 == 1) {
    E_11 = 2;
  }
  if (E_12 == 1) {
    E_12 = 2;
  }
  if (E_13 == 1) {
    E_13 = 2;
  }
  if (E_14 == 1) {
    E_14 = 2;
  }
  if (E_15 == 1) {
    E_15 = 2;
  }
  if (E_16 == 1) {
    E_16 = 2;
  }
  if (E_17 == 1) {
    E_17 = 2;
  }
  if (E_18 == 1) {
    E_18 = 2;
  }
  if (E_19 == 1) {
    E_19 = 2;
  }
  if (E_20 == 1) {
    E_20 = 2;
  }
}

void activate_threads(void) {
  if (is_master_triggered()) {
    m_st = 0;
  }
  if (is_transmit1_triggered()) {
    t1_st = 0;
  }
  if (is_transmit2_triggered()) {
    t2_st = 0;
  }
  if (is_transmit3_triggered()) {
    t3_st = 0;
  }
  if (is_transmit4_triggered()) {
    t4_st = 0;
  }
  if (is_transmit5_triggered()) {
    t5_st = 0;
  }
  if (is_transmit6_triggered()) {
    t6_st = 0;
  }
  if (is_transmit7_triggered()) {
    t7_st = 0;
  }
  if (is_transmit8_triggered()) {
    t8_st = 0;
  }
  if (is_transmit9_triggered()) {
    t9_st = 0;
  }
  if (is_transmit10_triggered()) {
    t10_st = 0;
  }
  if (is_transmit11_triggered()) {
    t11_st = 0;
  }
  if (is_transmit12_triggered()) {
    t12_st = 0;
  }
  if (is_transmit13_triggered()) {
    t13_st = 0;
  }
  if (is_transmit14_triggered()) {
    t14_st = 0;
  }
  if (is_transmit15_triggered()) {
    t15_st = 0;
  }
  if (is_transmit16_triggered()) {
    t16_st = 0;
  }
  if (is_transmit17_triggered()) {
    t17_st = 0;
  }
  if (is_transmit18_triggered()) {
    t18_st = 0;
  }
  if (is_transmit19_triggered()) {
    t19_st = 0;
  }
  if (is_transmit20_triggered()) {
    t20_st = 0;
  }
}

void immediate_notify(void) {
  activate_threads();
}

void init_model(void) {
  m_i = 1;
  t1_i = 1;
  t2_i = 1;
  t3_i = 1;
  t4_i = 1;
  t5_i = 1;
  t6_i = 1;
  t7_i = 1;
  t8_i = 1;
  t9_i = 1;
  t10_i = 1;
  t11_i = 1;
  t12_i = 1;
  t13_i = 1;
  t14_i = 1;
  t15_i = 1;
  t16_i = 1;
  t17_i = 1;
  t18_i = 1;
  t19_i = 1;
  t20_i = 1;
}

void start_simulation(void) {
  init_threads();
  fire_delta_events();
  activate_threads();
  reset_events();
  while (1) {
    eval();
    fire_delta_events();
    activate_threads();
    reset_events();
    if (!exists_runnable_thread()) {
      M_E = 1;
      activate_threads();
      reset_events();
    }
    if (!exists_runnable_thread()) {
      break;
    }
  }
}

int main(void) {
  init_model();
  start_simulation();
  return 0;
}
